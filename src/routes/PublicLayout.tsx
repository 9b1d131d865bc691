/**
 * Layout of the public site (spec §2 Public layout): a fixed top bar with 'Products' and 'Log in'
 * (in a drawer behind a hamburger button on small screens, loaded on first use), the page, and the
 * footer.
 */
import { Box, Button, Flex, HStack, IconButton, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { codeOnFirstUse } from '@/ui/on-first-use';
import { Wordmark } from '@/ui/Wordmark';
import { paths } from './paths';
import { PublicFooter } from './PublicFooter';

/** The small-screen menu, downloaded on the first press of the hamburger button (issue 6). */
const menuDrawer = codeOnFirstUse(() => import('./PublicMenuDrawer'));

/** Height of the fixed top bar; the page is padded by the same amount so nothing hides under it. */
const TOP_BAR_HEIGHT = '16';

/** Renders the public chrome around the matched public page. */
export function PublicLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const drawer = menuDrawer.useCode();
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink zIndex="skipNav">Skip to content</SkipNavLink>
      <Box
        as="header"
        position="fixed"
        top="0"
        insetX="0"
        zIndex="sticky"
        h={TOP_BAR_HEIGHT}
        bg="bg/95"
        backdropFilter="blur(8px)"
        borderBottomWidth="1px"
      >
        <HStack maxW="6xl" mx="auto" h="full" px={{ base: '4', md: '6' }} justify="space-between">
          <Wordmark to={paths.home} />
          <HStack as="nav" aria-label="Main" gap="2" hideBelow="md">
            <Button asChild variant="ghost" _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}>
              <NavLink to={paths.products}>Products</NavLink>
            </Button>
            <Button asChild colorPalette="brand">
              <NavLink to={paths.login}>Log in</NavLink>
            </Button>
          </HStack>
          <IconButton
            ref={menuButton}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen && drawer !== null}
            variant="ghost"
            hideFrom="md"
            onClick={() => {
              setMenuOpen(true);
              // A failed download leaves the button as it was; the next press tries again.
              menuDrawer.request().catch(() => undefined);
            }}
          >
            <MenuIcon />
          </IconButton>
          {drawer !== null && (
            <drawer.PublicMenuDrawer
              open={menuOpen}
              onOpenChange={setMenuOpen}
              finalFocusEl={() => menuButton.current}
            />
          )}
        </HStack>
      </Box>
      <Box as="main" flex="1" pt={TOP_BAR_HEIGHT}>
        <SkipNavContent />
        <Outlet />
      </Box>
      <PublicFooter />
    </Flex>
  );
}
