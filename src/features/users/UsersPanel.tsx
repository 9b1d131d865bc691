/**
 * The users panel (spec §2 "Users list panel"): 'Search users', 'Filter by Status', 'Add User', the
 * table, 'No users found.', and pagination when there is more than one page. Its state (search,
 * statuses, page) lives in the URL through the users list statechart.
 */
import {
  Box,
  Button,
  Card,
  Circle,
  HStack,
  Image,
  Input,
  InputGroup,
  Link,
  Menu,
  Portal,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, Plus, Search } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { UserStatus } from '@/api/schemas/common';
import type { User } from '@/api/schemas/users';
import { uploadUrl } from '@/api/assets';
import { selectListView } from '@/machines/list.machine';
import { USER_FILTER_DEFAULTS, USER_STATUS_CHOICES, usersListMachine } from '@/machines/usersList.machine';
import { paths } from '@/routes/paths';
import { Pagination } from '@/ui/Pagination';
import { ProgressBar } from '@/ui/ProgressBar';
import { StatusDot } from '@/ui/StatusDot';
import { useListUrlSync } from './useListUrlSync';

/** Spec §2: the avatar thumbnail is 36 px. */
const AVATAR_SIZE = '36px';

function UserAvatar({ user }: { user: User }) {
  if (user.avatar) {
    return (
      <Image
        src={uploadUrl(user.avatar.thumbnails.thumb_36)}
        alt=""
        boxSize={AVATAR_SIZE}
        borderRadius="full"
        objectFit="cover"
        flexShrink={0}
      />
    );
  }
  return (
    <Circle
      size={AVATAR_SIZE}
      bg="brand.muted"
      color="brand.fg"
      fontWeight="semibold"
      flexShrink={0}
      aria-hidden
    >
      {user.first_name.charAt(0).toUpperCase()}
    </Circle>
  );
}

function UserRow({ user }: { user: User }) {
  const active = user.status === UserStatus.Active;
  return (
    <Table.Row>
      <Table.Cell>
        <HStack gap="3">
          <UserAvatar user={user} />
          <Stack gap="0">
            <Text fontWeight="medium">{`${user.first_name} ${user.last_name}`}</Text>
            <Text fontSize="sm" color="fg.muted">
              {user.email}
            </Text>
          </Stack>
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <StatusDot label={active ? 'Active' : 'Inactive'} color={active ? 'green.500' : 'red.500'} />
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1" minW="24">
          <Text fontSize="sm">{`${user.feeds}%`}</Text>
          <ProgressBar value={user.feeds} label={`Feed share of ${user.first_name} ${user.last_name}`} />
        </Stack>
      </Table.Cell>
      <Table.Cell>{user.orders}</Table.Cell>
      <Table.Cell>
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.editUser(user.id)}>Edit User</RouterLink>
        </Link>
      </Table.Cell>
    </Table.Row>
  );
}

/** The users panel; the list statechart keeps the URL in step itself (see useListUrlSync). */
export function UsersPanel() {
  const list = useListUrlSync(usersListMachine, USER_FILTER_DEFAULTS);
  const view = useSelector(list, selectListView);
  const statuses = view.filters.status;

  const toggleStatus = (value: string, checked: boolean) => {
    const next = USER_STATUS_CHOICES.map((choice) => choice.value).filter((choice) =>
      choice === value ? checked : statuses.includes(choice),
    );
    list.send({ type: 'list.filter', filters: { status: next } });
  };

  return (
    <Card.Root>
      <Card.Body gap="4">
        <HStack gap="3" wrap="wrap" justify="space-between">
          <HStack gap="3" wrap="wrap" flex="1">
            <InputGroup startElement={<Search size={16} aria-hidden />} maxW="sm">
              <Input
                type="search"
                placeholder="Search users"
                aria-label="Search users"
                value={view.filters.query}
                onChange={(event) =>
                  list.send({ type: 'list.filter', filters: { query: event.target.value }, debounce: true })
                }
              />
            </InputGroup>
            <Menu.Root closeOnSelect={false}>
              <Menu.Trigger asChild>
                <Button variant="outline">
                  Filter by Status
                  {statuses.length > 0 && ` (${statuses.length})`}
                  <ChevronDown size={16} aria-hidden />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {USER_STATUS_CHOICES.map((choice) => (
                      <Menu.CheckboxItem
                        key={choice.value}
                        value={choice.value}
                        checked={statuses.includes(choice.value)}
                        onCheckedChange={(checked) => toggleStatus(choice.value, checked)}
                      >
                        <Menu.ItemIndicator />
                        {choice.label}
                      </Menu.CheckboxItem>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            {view.isLoading && <Spinner size="sm" aria-label="Loading users" />}
          </HStack>
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.createUser}>
              <Plus size={16} aria-hidden />
              Add User
            </RouterLink>
          </Button>
        </HStack>

        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Users">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Feed</Table.ColumnHeader>
                <Table.ColumnHeader>Orders</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.items.length === 0 && !view.isLoading ? (
                <Table.Row>
                  <Table.Cell colSpan={5} textAlign="center" color="fg.muted" py="8">
                    No users found.
                  </Table.Cell>
                </Table.Row>
              ) : (
                view.items.map((user) => <UserRow key={user.id} user={user} />)
              )}
            </Table.Body>
          </Table.Root>
        </Box>

        <Pagination
          currentPage={view.page}
          totalPages={view.totalPages}
          onPageChange={({ page }) => list.send({ type: 'list.page', page })}
        />
      </Card.Body>
    </Card.Root>
  );
}
