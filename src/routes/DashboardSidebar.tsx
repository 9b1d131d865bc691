/**
 * Navigation of the dashboard (spec §2 Dashboard layout, Left sidebar): Dashboard, collapsible Users
 * and Feeds groups, and a Support mailto link. Used in the fixed sidebar and in the small-screen drawer.
 */
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { Collapsible } from '@/ui/bound-recipes/Collapsible';
import { ChevronDown, LayoutDashboard, LifeBuoy, Rss, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { paths } from './paths';
import { SUPPORT_EMAIL } from './site';

/** Props of {@link DashboardSidebar}. */
export interface DashboardSidebarProps {
  /** Called after a link is followed (the drawer uses it to close itself). */
  onNavigate?: () => void;
}

/** A sidebar entry; `aria-current="page"` (set by NavLink) highlights the active one. */
function SidebarLink({
  to,
  end = false,
  icon,
  children,
  onNavigate,
}: {
  to: string;
  end?: boolean;
  icon?: ReactNode;
  children: string;
  onNavigate?: () => void;
}) {
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      px="3"
      py="2"
      rounded="md"
      color="fg"
      fontWeight="medium"
      textDecoration="none"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
    >
      <NavLink to={to} end={end} onClick={onNavigate}>
        {icon}
        {children}
      </NavLink>
    </Link>
  );
}

/** A collapsible group of links, open by default while one of its pages is shown. */
function SidebarGroup({
  label,
  icon,
  basePath,
  children,
}: {
  label: string;
  icon: ReactNode;
  basePath: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const inGroup = pathname === basePath || pathname.startsWith(`${basePath}/`);
  return (
    <Collapsible.Root defaultOpen={inGroup}>
      <Collapsible.Trigger
        display="flex"
        alignItems="center"
        gap="3"
        w="full"
        px="3"
        py="2"
        rounded="md"
        fontWeight="medium"
        cursor="pointer"
        color={inGroup ? 'brand.fg' : 'fg'}
        _hover={{ bg: 'bg.muted' }}
        focusVisibleRing="outside"
      >
        {icon}
        <Text as="span" flex="1" textAlign="start">
          {label}
        </Text>
        <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }}>
          <ChevronDown aria-hidden size={16} />
        </Collapsible.Indicator>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="1" pl="9" pt="1">
          {children}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** Renders the dashboard navigation as a `nav` landmark named 'Dashboard'. */
export function DashboardSidebar({ onNavigate }: DashboardSidebarProps) {
  return (
    <Box as="nav" aria-label="Dashboard">
      <Stack gap="1">
        <SidebarLink
          to={paths.dashboard}
          end
          icon={<LayoutDashboard aria-hidden size={18} />}
          onNavigate={onNavigate}
        >
          Dashboard
        </SidebarLink>
        <SidebarGroup label="Users" icon={<Users aria-hidden size={18} />} basePath={paths.users}>
          <SidebarLink to={paths.users} end onNavigate={onNavigate}>
            All users
          </SidebarLink>
          <SidebarLink to={paths.createUser} onNavigate={onNavigate}>
            Create user
          </SidebarLink>
        </SidebarGroup>
        <SidebarGroup label="Feeds" icon={<Rss aria-hidden size={18} />} basePath={paths.feeds}>
          <SidebarLink to={paths.feeds} end onNavigate={onNavigate}>
            All feeds
          </SidebarLink>
          <SidebarLink to={paths.createFeed} onNavigate={onNavigate}>
            Create feed
          </SidebarLink>
        </SidebarGroup>
        <Link
          href={`mailto:${SUPPORT_EMAIL}`}
          display="flex"
          alignItems="center"
          gap="3"
          px="3"
          py="2"
          rounded="md"
          color="fg"
          fontWeight="medium"
          _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
        >
          <LifeBuoy aria-hidden size={18} />
          Support
        </Link>
      </Stack>
    </Box>
  );
}
