/**
 * Layout of the admin area (spec §2 Dashboard layout): a top bar (navigation button on small screens,
 * wordmark linking to /, apps grid, user menu) above the sidebar and the page. The sidebar is fixed on
 * large screens and a slide-in drawer below them.
 */
import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  Grid,
  HStack,
  IconButton,
  Menu,
  Portal,
  SkipNavContent,
  SkipNavLink,
  Text,
} from '@chakra-ui/react';
import {
  ChevronDown,
  CircleUser,
  CreditCard,
  Inbox,
  LayoutGrid,
  LogOut,
  Menu as MenuIcon,
  Package,
  Settings,
  ShoppingCart,
  UserRound,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { LOGOUT_REDIRECT } from '@/machines/session-redirects';
import { Wordmark } from '@/ui/Wordmark';
import { DashboardSidebar } from './DashboardSidebar';
import { paths } from './paths';
import { RouteBreadcrumb } from './RouteBreadcrumb';
import { useSession } from './session';

/** Text of the alert shown by the apps grid's Logout entry, which only informs (spec §2). */
export const APPS_LOGOUT_ALERT = 'To log out, open the user menu at the top right and choose Logout.';

/** One tile of the apps grid: a link when `to` is set, an action when `onSelect` is set, else disabled. */
interface AppEntry {
  value: string;
  label: string;
  icon: ReactNode;
  to?: string;
  onSelect?: () => void;
}

const APP_ENTRIES: readonly AppEntry[] = [
  { value: 'sales', label: 'Sales', icon: <ShoppingCart aria-hidden /> },
  { value: 'inbox', label: 'Inbox', icon: <Inbox aria-hidden /> },
  { value: 'settings', label: 'Settings', icon: <Settings aria-hidden /> },
  { value: 'users', label: 'Users', icon: <Users aria-hidden />, to: paths.users },
  { value: 'profile', label: 'Profile', icon: <UserRound aria-hidden />, to: paths.profile },
  { value: 'products', label: 'Products', icon: <Package aria-hidden />, to: paths.dashboard },
  { value: 'pricing', label: 'Pricing and Billing', icon: <CreditCard aria-hidden />, to: paths.dashboard },
  {
    value: 'logout',
    label: 'Logout',
    icon: <LogOut aria-hidden />,
    onSelect: () => window.alert(APPS_LOGOUT_ALERT),
  },
];

/** Shared look of an apps-grid tile. */
const tileStyle = {
  flexDirection: 'column',
  gap: '1',
  py: '3',
  px: '2',
  textAlign: 'center',
  fontSize: 'xs',
  justifyContent: 'center',
} as const;

/** The apps grid: a menu of tiles; Sales, Inbox and Settings are disabled. */
function AppsMenu() {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Apps" variant="ghost">
          <LayoutGrid />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content p="2" w="72">
            <Grid templateColumns="repeat(3, 1fr)" gap="1">
              {APP_ENTRIES.map((entry) =>
                entry.to !== undefined ? (
                  <Menu.Item key={entry.value} value={entry.value} asChild {...tileStyle}>
                    <RouterLink to={entry.to}>
                      {entry.icon}
                      {entry.label}
                    </RouterLink>
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    key={entry.value}
                    value={entry.value}
                    disabled={entry.onSelect === undefined}
                    onSelect={entry.onSelect}
                    {...tileStyle}
                  >
                    {entry.icon}
                    {entry.label}
                  </Menu.Item>
                ),
              )}
            </Grid>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The user menu: the signed-in user's first and last name, with Profile and Logout (to the landing page). */
function UserMenu() {
  const { user, logout, isLoggingOut } = useSession();
  const name = user === null ? '' : `${user.first_name} ${user.last_name}`;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" aria-label={name === '' ? 'User menu' : undefined}>
          <CircleUser aria-hidden />
          <Text as="span" maxW={{ base: '32', md: '60' }} truncate>
            {name}
          </Text>
          <ChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="profile" asChild>
              <RouterLink to={paths.profile}>
                <UserRound aria-hidden size={16} />
                Profile
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="logout" disabled={isLoggingOut} onSelect={() => logout(LOGOUT_REDIRECT)}>
              <LogOut aria-hidden size={16} />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Width of the fixed sidebar on large screens. */
const SIDEBAR_WIDTH = '64';

/** Renders the dashboard chrome around the matched dashboard screen. */
export function DashboardLayout() {
  const [navOpen, setNavOpen] = useState(false);

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <SkipNavLink zIndex="skipNav">Skip to content</SkipNavLink>
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" h="16">
        <HStack h="full" px={{ base: '2', md: '4' }} gap="2">
          <Drawer.Root open={navOpen} onOpenChange={(details) => setNavOpen(details.open)} placement="start">
            <Drawer.Trigger asChild>
              <IconButton aria-label="Open navigation" variant="ghost" hideFrom="lg">
                <MenuIcon />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW="72">
                  <Drawer.Header>
                    <Drawer.Title>Navigation</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <DashboardSidebar onNavigate={() => setNavOpen(false)} />
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton aria-label="Close navigation" size="sm" />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
          <Wordmark to={paths.home} compact />
          <HStack ml="auto" gap="1">
            <AppsMenu />
            <UserMenu />
          </HStack>
        </HStack>
      </Box>
      <Flex flex="1">
        <Box
          as="aside"
          hideBelow="lg"
          w={SIDEBAR_WIDTH}
          flexShrink={0}
          bg="bg"
          borderRightWidth="1px"
          p="4"
          position="sticky"
          top="16"
          h="calc(100dvh - var(--chakra-sizes-16))"
          overflowY="auto"
        >
          <DashboardSidebar />
        </Box>
        <Box as="main" flex="1" minW="0" px={{ base: '4', md: '8' }} py="6">
          <SkipNavContent />
          <RouteBreadcrumb />
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
