/**
 * Layout of the public site (spec §2 Public layout): a fixed top bar with 'Products' and 'Log in'
 * (in a drawer behind a hamburger button on small screens), the page, and the footer.
 */
import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Link,
  Portal,
  SkipNavContent,
  SkipNavLink,
  VStack,
} from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { Wordmark } from '@/ui/Wordmark';
import { PublicFooter } from './PublicFooter';

/** Height of the fixed top bar; the page is padded by the same amount so nothing hides under it. */
const TOP_BAR_HEIGHT = '16';

/** Renders the public chrome around the matched public page. */
export function PublicLayout() {
  const [menuOpen, setMenuOpen] = useState(false);

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
          <Wordmark />
          <HStack as="nav" aria-label="Main" gap="2" hideBelow="md">
            <Button asChild variant="ghost" _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}>
              <NavLink to="/products">Products</NavLink>
            </Button>
            <Button asChild colorPalette="brand">
              <NavLink to="/auth/login">Log in</NavLink>
            </Button>
          </HStack>
          <Drawer.Root open={menuOpen} onOpenChange={(details) => setMenuOpen(details.open)} placement="end">
            <Drawer.Trigger asChild>
              <IconButton aria-label="Open menu" variant="ghost" hideFrom="md">
                <MenuIcon />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content>
                  <Drawer.Header>
                    <Drawer.Title>Menu</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <VStack as="nav" aria-label="Main" align="stretch" gap="2">
                      <Link
                        asChild
                        fontSize="lg"
                        py="2"
                        _currentPage={{ color: 'brand.fg', fontWeight: 'semibold' }}
                      >
                        <NavLink to="/products" onClick={() => setMenuOpen(false)}>
                          Products
                        </NavLink>
                      </Link>
                      <Link
                        asChild
                        fontSize="lg"
                        py="2"
                        _currentPage={{ color: 'brand.fg', fontWeight: 'semibold' }}
                      >
                        <NavLink to="/auth/login" onClick={() => setMenuOpen(false)}>
                          Log in
                        </NavLink>
                      </Link>
                    </VStack>
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton aria-label="Close menu" size="sm" />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
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
