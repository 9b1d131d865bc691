/**
 * The users panel (spec §2 "Users list panel"): 'Search users', 'Filter by Status', 'Add User', the
 * table, 'No users found.', and pagination when there is more than one page. Its state (search,
 * statuses, order, page) lives in the URL through the users list statechart.
 *
 * Issue 15: the table draws the list's distinct states (skeleton while loading, stale rows dimmed,
 * 'No users found.' only for an empty answer, a failure with Retry); Name, Email, Status and Orders
 * headers sort on the server (a click sorts ascending, a second descending); 'Export CSV' downloads
 * every user of the current search, filter and order.
 *
 * Issue 29: a customer's Status cell also shows their Shopify connection as last checked, compact
 * (a small dot and the status's words; a failure's reason as its tooltip and read after it).
 *
 * Issue 30: a user's name links to their page (as 'Edit User' does), and an email is never cut: it
 * wraps at any character when the column is narrow, with the whole address as its tooltip.
 */
import { Button, Card, HStack, Input, InputGroup, Portal, Spinner, Text, useRecipe } from '@chakra-ui/react';
import { Menu } from '@/ui/bound-recipes/Menu';
import { Table } from '@/ui/bound-recipes/Table';
import type { SystemStyleObject } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, Download, Plus, Search } from 'lucide-react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { UserStatus, UserType } from '@/api/schemas/common';
import { SHOPIFY_CONNECTION_TEXTS } from '@/api/schemas/shopify';
import type { User, UserSortColumn } from '@/api/schemas/users';
import { uploadUrl } from '@/api/assets';
import { failureText } from '@/machines/failure-text';
import { describeShopifyFailure } from '@/machines/shopifyConnection.machine';
import { selectListView } from '@/machines/list.machine';
import { selectIsExporting, usersExportMachine } from '@/machines/usersExport.machine';
import {
  nextUserSort,
  USER_FILTER_DEFAULTS,
  USER_STATUS_CHOICES,
  userSortOf,
  usersListMachine,
} from '@/machines/usersList.machine';
import type { UserFilters } from '@/machines/usersList.machine';
import { paths } from '@/routes/paths';
import { useScreenActor } from '@/routes/screen-actor';
import { Pagination } from '@/ui/Pagination';
import { ProgressBar } from '@/ui/ProgressBar';
import { SHOPIFY_STATUS_COLORS, StatusDot } from '@/ui/StatusDot';
import {
  PLAIN_ROW,
  PlainRowsBody,
  stickyActionsColumn,
  TableRegion,
  TableStatusRows,
  tableBodyProps,
  useRowsInTwoSteps,
} from '@/ui/TableRegion';
import { useListUrlSync } from './useListUrlSync';

/** Spec §2: the avatar thumbnail is 36 px. */
const AVATAR_SIZE = '36px';

/** Element id of the users table region (a page change focuses it, scrolling the table's top into view). */
export const USERS_TABLE_ID = 'users-table';
/** Number of columns: Name, Status, Feed, Orders, Actions. */
const COLUMNS = 5;
/** The failed state's text before the reason (spec §8 has none for the users list, which only logs). */
export const USERS_LOAD_FAILED_MESSAGE = 'Failed to load users';

/** A column's `aria-sort` under the list's order: the direction when it sorts by one of `columns`. */
function ariaSort(
  filters: UserFilters,
  columns: readonly UserSortColumn[],
): 'ascending' | 'descending' | 'none' {
  const sort = userSortOf(filters);
  if (sort === null || !columns.includes(sort.column)) return 'none';
  return sort.descending ? 'descending' : 'ascending';
}

interface SortButtonProps {
  column: UserSortColumn;
  label: string;
  filters: UserFilters;
  onSort: (sort: string) => void;
}

/**
 * A header's sort control: a button (so Tab and Enter or Space reach it) naming the column, with an
 * arrow for the current direction; its column header carries `aria-sort`.
 */
function SortButton({ column, label, filters, onSort }: SortButtonProps) {
  const sort = userSortOf(filters);
  const active = sort?.column === column;
  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  return (
    <Button
      variant="ghost"
      size="xs"
      px="1"
      fontWeight="semibold"
      onClick={() => onSort(nextUserSort(filters, column))}
      aria-label={`Sort by ${label}${active ? (sort.descending ? ', descending' : ', ascending') : ''}`}
    >
      {label}
      <Icon size={14} aria-hidden color={active ? undefined : 'var(--chakra-colors-fg-muted)'} />
    </Button>
  );
}

/** Class names of a user row's parts, styled once by {@link userRowsStyles}. */
const PART = {
  user: 'pf-user',
  avatar: 'pf-user__avatar',
  initial: 'pf-user__initial',
  who: 'pf-user__who',
  email: 'pf-user__email',
  statuses: 'pf-user__statuses',
  shopify: 'pf-user__shopify',
  feed: 'pf-user__feed',
  name: 'pf-user__name',
  edit: 'pf-user__edit',
  actions: 'pf-user__actions',
} as const;

/**
 * The users' rows are plain elements (100 a page) styled here once, on the table body: the looks of
 * the Chakra components they replace (an `HStack` of a 36 px avatar and a `Stack` of the name link and
 * the muted email; `Stack`s of the statuses and of the feed share), the links with Chakra's `link`
 * recipe; the rows and cells take the table's own (`PlainRowsBody`). Drawing 100 rows of Chakra
 * components took 730 ms at 4× CPU (issue 31).
 */
function userRowsStyles(link: SystemStyleObject): SystemStyleObject {
  return {
    [`& .${PART.user}`]: { display: 'flex', alignItems: 'center', gap: '3' },
    [`& .${PART.avatar}`]: { boxSize: AVATAR_SIZE, borderRadius: 'full', flexShrink: 0, objectFit: 'cover' },
    [`& .${PART.initial}`]: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      bg: 'brand.muted',
      color: 'brand.fg',
      fontWeight: 'semibold',
    },
    [`& .${PART.who}`]: { display: 'flex', flexDirection: 'column', minW: '0' },
    [`& .${PART.email}`]: { fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' },
    [`& .${PART.statuses}`]: { display: 'flex', flexDirection: 'column', gap: '1' },
    [`& .${PART.shopify}`]: { fontSize: 'xs', color: 'fg.muted' },
    [`& .${PART.feed}`]: { display: 'flex', flexDirection: 'column', gap: '1', minW: '24', fontSize: 'sm' },
    [`& .${PART.name}`]: { ...link, fontWeight: 'medium', color: 'fg' },
    [`& .${PART.edit}`]: { ...link, fontWeight: 'medium', color: 'brand.fg' },
    [`& .${PART.actions}`]: stickyActionsColumn,
  };
}

function UserAvatar({ user }: { user: User }) {
  if (user.avatar) {
    return <img src={uploadUrl(user.avatar.thumbnails.thumb_36)} alt="" className={PART.avatar} />;
  }
  return (
    <span className={`${PART.avatar} ${PART.initial}`} aria-hidden>
      {user.first_name.charAt(0).toUpperCase()}
    </span>
  );
}

/** A customer's Shopify connection in a few words (issue 29); an admin has no store. */
function ShopifyStatus({ user }: { user: User }) {
  if (user.user_type_id !== UserType.Customer) return null;
  const { status, failure } = user.shopify_connection;
  return (
    <div className={PART.shopify}>
      <StatusDot
        label={`Shopify: ${SHOPIFY_CONNECTION_TEXTS[status]}`}
        color={SHOPIFY_STATUS_COLORS[status]}
        detail={failure && describeShopifyFailure(failure)}
      />
    </div>
  );
}

function UserRow({ user }: { user: User }) {
  const active = user.status === UserStatus.Active;
  return (
    <tr className={PLAIN_ROW}>
      <td>
        <div className={PART.user}>
          <UserAvatar user={user} />
          <div className={PART.who}>
            <RouterLink to={paths.editUser(user.id)} className={PART.name}>
              {`${user.first_name} ${user.last_name}`}
            </RouterLink>
            <p className={PART.email} title={user.email}>
              {user.email}
            </p>
          </div>
        </div>
      </td>
      <td>
        <div className={PART.statuses}>
          <StatusDot label={active ? 'Active' : 'Inactive'} color={active ? 'green.500' : 'red.500'} />
          <ShopifyStatus user={user} />
        </div>
      </td>
      <td>
        <div className={PART.feed}>
          <p>{`${user.feeds}%`}</p>
          <ProgressBar value={user.feeds} label={`Feed share of ${user.first_name} ${user.last_name}`} />
        </div>
      </td>
      <td>{user.orders}</td>
      <td className={PART.actions}>
        <RouterLink to={paths.editUser(user.id)} className={PART.edit}>
          Edit User
        </RouterLink>
      </td>
    </tr>
  );
}

/** The users panel; the list statechart keeps the URL in step itself (see useListUrlSync). */
export function UsersPanel() {
  const list = useListUrlSync(usersListMachine, USER_FILTER_DEFAULTS, { regionId: USERS_TABLE_ID });
  const view = useSelector(list, selectListView);
  const exporter = useScreenActor(usersExportMachine);
  const isExporting = useSelector(exporter, selectIsExporting);
  const linkRecipe = useRecipe({ key: 'link' });
  const rowsStyles = useMemo(() => userRowsStyles(linkRecipe({ variant: 'plain' })), [linkRecipe]);
  const drawn = useRowsInTwoSteps(view.items);
  const statuses = view.filters.status;
  const sortBy = (sort: string) => list.send({ type: 'list.filter', filters: { sort } });
  const sortProps = { filters: view.filters, onSort: sortBy };

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
          <HStack gap="3" wrap="wrap">
            <Button
              variant="outline"
              onClick={() => exporter.send({ type: 'export.start', filters: view.filters })}
              loading={isExporting}
              loadingText="Exporting..."
            >
              <Download size={16} aria-hidden />
              Export CSV
            </Button>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.createUser}>
                <Plus size={16} aria-hidden />
                Add User
              </RouterLink>
            </Button>
          </HStack>
        </HStack>

        <TableRegion label="Users table" id={USERS_TABLE_ID}>
          <Table.Root size="sm" aria-label="Users">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader aria-sort={ariaSort(view.filters, ['name', 'email'])}>
                  <HStack gap="1">
                    <SortButton column="name" label="Name" {...sortProps} />
                    <Text aria-hidden color="fg.muted">
                      /
                    </Text>
                    <SortButton column="email" label="Email" {...sortProps} />
                  </HStack>
                </Table.ColumnHeader>
                <Table.ColumnHeader aria-sort={ariaSort(view.filters, ['status'])}>
                  <SortButton column="status" label="Status" {...sortProps} />
                </Table.ColumnHeader>
                <Table.ColumnHeader>Feed</Table.ColumnHeader>
                <Table.ColumnHeader aria-sort={ariaSort(view.filters, ['orders'])}>
                  <SortButton column="orders" label="Orders" {...sortProps} />
                </Table.ColumnHeader>
                <Table.ColumnHeader css={stickyActionsColumn}>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <PlainRowsBody {...tableBodyProps(view.status, drawn.complete)} css={rowsStyles}>
              <TableStatusRows
                status={view.status}
                columns={COLUMNS}
                hasRows={view.items.length > 0}
                emptyText="No users found."
                failedText={failureText(USERS_LOAD_FAILED_MESSAGE, view.error)}
                onRetry={() => list.send({ type: 'list.reload' })}
              />
              {drawn.rows.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </PlainRowsBody>
          </Table.Root>
        </TableRegion>

        <Pagination
          currentPage={view.page}
          totalPages={view.totalPages}
          onPageChange={({ page }) => list.send({ type: 'list.page', page })}
        />
      </Card.Body>
    </Card.Root>
  );
}
