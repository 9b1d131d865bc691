/**
 * Layout of the admin area (spec §2 Dashboard layout): a top bar (navigation button on small screens,
 * wordmark linking to /, apps grid, user menu) above the sidebar and the page. The sidebar is fixed on
 * large screens and a slide-in drawer below them. The menus and the drawer are downloaded on the
 * first press of one of their buttons (issue 31).
 */
import { Box, Flex, HStack, IconButton, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { NETWORK_FAILURE_MESSAGE } from '@/api/client';
import { uiToast } from '@/machines/ui-effects';
import { useIsPrerendering } from '@/ui/hydration';
import { codeOnFirstUse } from '@/ui/on-first-use';
import { Wordmark } from '@/ui/Wordmark';
import { AppsButton, UserButton } from './DashboardHeaderButtons';
import { DashboardSidebar } from './DashboardSidebar';
import { paths } from './paths';
import { RouteBreadcrumb } from './RouteBreadcrumb';
import { useSession } from './session';
import { useUiEffectHandler } from './ui-effects';

/** The top bar's menus and navigation drawer, downloaded on the first press of one of their buttons. */
const headerMenus = codeOnFirstUse(() => import('./DashboardMenus'));

/**
 * Downloads the menus for a press of one of their buttons; when the download fails, says so in the
 * error toast (the press can be repeated), rather than leaving the press without an answer.
 */
function useRequestMenus(): () => void {
  const handle = useUiEffectHandler();
  return () => {
    headerMenus.request().catch(() => handle(uiToast('error', NETWORK_FAILURE_MESSAGE)));
  };
}

/**
 * A top-bar menu's state before its code is here: the menus once downloaded (else null), whether its
 * button was pressed (the menu then opens as it arrives), and the props of the button drawn meanwhile,
 * whose press asks for the download.
 */
function useMenuOnFirstPress() {
  const menus = headerMenus.useCode();
  const requestMenus = useRequestMenus();
  const [pressed, setPressed] = useState(false);
  const buttonProps = {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: () => {
      setPressed(true);
      requestMenus();
    },
  } as const;
  return { menus, pressed, buttonProps };
}

/** The apps grid: its button until the menus' code is here, then the menu. */
function AppsMenuSlot() {
  const { menus, pressed, buttonProps } = useMenuOnFirstPress();
  return menus === null ? <AppsButton {...buttonProps} /> : <menus.AppsMenu defaultOpen={pressed} />;
}

/** The user menu, as {@link AppsMenuSlot}: its button showing the user's name, then the menu. */
function UserMenuSlot() {
  const { user } = useSession();
  const { menus, pressed, buttonProps } = useMenuOnFirstPress();
  const name = user === null ? '' : `${user.first_name} ${user.last_name}`;
  return menus === null ? (
    <UserButton name={name} {...buttonProps} />
  ) : (
    <menus.UserMenu name={name} defaultOpen={pressed} />
  );
}

/**
 * The navigation button for small screens and, once pressed, the drawer it opens (controlled here,
 * so the button stays the same element and takes the focus back when the drawer closes).
 */
function NavDrawerSlot() {
  const menus = headerMenus.useCode();
  const requestMenus = useRequestMenus();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={button}
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded={open && menus !== null}
        variant="ghost"
        hideFrom="lg"
        onClick={() => {
          setOpen(true);
          requestMenus();
        }}
      >
        <MenuIcon />
      </IconButton>
      {menus !== null && (
        <menus.DashboardNavDrawer open={open} onOpenChange={setOpen} finalFocusEl={() => button.current} />
      )}
    </>
  );
}

/** Width of the fixed sidebar on large screens. */
const SIDEBAR_WIDTH = '64';

/**
 * Renders the dashboard chrome around the matched dashboard screen. On a prerendered page (issue 31)
 * it is inert until the app has taken it over: what is typed or pressed before then would reach no
 * handler and be lost without a word.
 */
export function DashboardLayout() {
  const prerendering = useIsPrerendering();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle" inert={prerendering}>
      <SkipNavLink zIndex="skipNav">Skip to content</SkipNavLink>
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" h="16">
        <HStack h="full" px={{ base: '2', md: '4' }} gap="2">
          <NavDrawerSlot />
          <Wordmark to={paths.home} compact />
          <HStack ml="auto" gap="1">
            <AppsMenuSlot />
            <UserMenuSlot />
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
