/**
 * Redirects the alternative edit paths `/dashboard/users/edit/:userId` and `/dashboard/feeds/edit/:feedId`
 * to their canonical form `.../:id/edit` (ARCHITECTURE.md §4, Edit paths).
 */
import { Navigate, useParams } from 'react-router-dom';

/** Props of {@link LegacyEditRedirect}. */
export interface LegacyEditRedirectProps {
  /** Name of the route parameter holding the id, e.g. 'userId'. */
  param: string;
  /** The canonical edit path of an id, from `paths` (e.g. `paths.editUser`). */
  edit: (id: string) => string;
}

/**
 * Replaces the current entry with the canonical edit path of the id. The id is passed through as given
 * (encoded), so the canonical screen is the one that reports an invalid id.
 */
export function LegacyEditRedirect({ param, edit }: LegacyEditRedirectProps) {
  const id = useParams()[param] ?? '';
  return <Navigate to={edit(encodeURIComponent(id))} replace />;
}
