/**
 * The public site's menu drawer for small screens (spec §2 Public layout): 'Products' and 'Log in'.
 * Its own module because the public layout loads it on the first press of the hamburger button: the
 * drawer's dialog machinery (focus trap, scroll lock, dismissal) is not needed to paint the public
 * pages (issue 6).
 */
import { CloseButton, Link, Portal, VStack } from '@chakra-ui/react';
import { Drawer } from '@/ui/bound-recipes/Drawer';
import { NavLink } from 'react-router-dom';
import { paths } from './paths';

/** The drawer's links, in order. */
const MENU_LINKS = [
  { to: paths.products, label: 'Products' },
  { to: paths.login, label: 'Log in' },
] as const;

/** Props of {@link PublicMenuDrawer}. */
export interface PublicMenuDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns when the drawer closes: the hamburger button, which lives outside the drawer. */
  finalFocusEl: () => HTMLElement | null;
}

/** Renders the controlled drawer; choosing a link closes it. */
export function PublicMenuDrawer({ open, onOpenChange, finalFocusEl }: PublicMenuDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <VStack as="nav" aria-label="Main" align="stretch" gap="2">
                {MENU_LINKS.map(({ to, label }) => (
                  <Link
                    key={to}
                    asChild
                    fontSize="lg"
                    py="2"
                    _currentPage={{ color: 'brand.fg', fontWeight: 'semibold' }}
                  >
                    <NavLink to={to} onClick={() => onOpenChange(false)}>
                      {label}
                    </NavLink>
                  </Link>
                ))}
              </VStack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close menu" size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
