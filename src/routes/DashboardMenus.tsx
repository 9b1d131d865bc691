/**
 * The dashboard top bar's menus and its navigation drawer for small screens (spec §2 Dashboard
 * layout). Their own module because the layout downloads it on the first press of one of their
 * buttons (issue 31): the menus' and drawer's machinery (positioning, focus trap, dismissal, portals)
 * is not needed to paint a dashboard screen.
 */
import { CloseButton, Grid, Portal } from '@chakra-ui/react';
import { Drawer } from '@/ui/bound-recipes/Drawer';
import { Menu } from '@/ui/bound-recipes/Menu';
import { CreditCard, Inbox, LogOut, Package, Settings, ShoppingCart, UserRound, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LOGOUT_REDIRECT } from '@/machines/session-redirects';
import { AppsButton, UserButton } from './DashboardHeaderButtons';
import { DashboardSidebar } from './DashboardSidebar';
import { paths } from './paths';
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

/** Props of the menus: `defaultOpen` when the press that downloaded them is to open them at once. */
export interface DashboardMenuProps {
  defaultOpen: boolean;
}

/** The apps grid: a menu of tiles; Sales, Inbox and Settings are disabled. */
export function AppsMenu({ defaultOpen }: DashboardMenuProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <AppsButton />
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

/**
 * The user menu: the signed-in user's first and last name (`name`), with Profile and Logout (to the
 * landing page).
 */
export function UserMenu({ defaultOpen, name }: DashboardMenuProps & { name: string }) {
  const { logout, isLoggingOut } = useSession();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <UserButton name={name} />
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

/** Props of {@link DashboardNavDrawer}. */
export interface DashboardNavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns when the drawer closes: the navigation button, which lives outside the drawer. */
  finalFocusEl: () => HTMLElement | null;
}

/** The sidebar's navigation in a controlled drawer from the start edge; choosing a link closes it. */
export function DashboardNavDrawer({ open, onOpenChange, finalFocusEl }: DashboardNavDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="start"
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="72">
            <Drawer.Header>
              <Drawer.Title>Navigation</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <DashboardSidebar onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close navigation" size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
