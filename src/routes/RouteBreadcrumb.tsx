/**
 * The breadcrumb of the current dashboard screen, read from its route's data (issue 14: breadcrumbs
 * are route data, not copied into each screen). A route declares `handle: { breadcrumb }` in the
 * route table; the dashboard layout draws the deepest one above the screen.
 */
import { useMatches } from 'react-router-dom';
import { Breadcrumb } from '@/ui/Breadcrumb';
import type { BreadcrumbProps } from '@/ui/Breadcrumb';

/** The `handle` of a route with a breadcrumb: its trail and optional back link (spec §2). */
export interface RouteBreadcrumbHandle {
  breadcrumb: Pick<BreadcrumbProps, 'items' | 'backHref'>;
}

function hasBreadcrumb(handle: unknown): handle is RouteBreadcrumbHandle {
  return typeof handle === 'object' && handle !== null && 'breadcrumb' in handle;
}

/** Renders the deepest matched route's breadcrumb, or nothing (e.g. the dashboard's not-found screen). */
export function RouteBreadcrumb() {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(hasBreadcrumb);
  return handle === undefined ? null : <Breadcrumb {...handle.breadcrumb} />;
}
