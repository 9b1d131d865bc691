/**
 * The breadcrumb of the current dashboard screen, read from its route's data (issue 14: breadcrumbs
 * are route data, not copied into each screen). A route declares `handle: { breadcrumb }` in the
 * route table; the dashboard layout draws the deepest one above the screen. Links to a list (the back
 * link and the crumbs) go to the list's last URL (`listReturnHref`, issue 15), so they return to the
 * same search, filter, page and sort.
 */
import { useMatches } from 'react-router-dom';
import { Breadcrumb } from '@/ui/Breadcrumb';
import type { BreadcrumbProps } from '@/ui/Breadcrumb';
import { listReturnHref } from './list-return';

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
  if (handle === undefined) return null;
  const { items, backHref } = handle.breadcrumb;
  return (
    <Breadcrumb
      items={items.map((item) =>
        item.href === undefined ? item : { ...item, href: listReturnHref(item.href) },
      )}
      backHref={backHref === undefined ? undefined : listReturnHref(backHref)}
    />
  );
}
