/**
 * Redirects the alternative edit paths `/dashboard/users/edit/:userId` and `/dashboard/feeds/edit/:feedId`
 * to their canonical form `.../:id/edit` (ARCHITECTURE.md §4, Edit paths).
 */
import { Navigate, useParams } from 'react-router-dom';

/** Props of {@link LegacyEditRedirect}. */
export interface LegacyEditRedirectProps {
  /** Name of the route parameter holding the id, e.g. 'userId'. */
  param: string;
  /** Collection path the canonical edit path starts with, e.g. '/dashboard/users'. */
  base: string;
}

/**
 * Replaces the current entry with `${base}/${id}/edit`. The id is passed through as given (encoded), so
 * the canonical screen is the one that reports an invalid id.
 */
export function LegacyEditRedirect({ param, base }: LegacyEditRedirectProps) {
  const id = useParams()[param] ?? '';
  return <Navigate to={`${base}/${encodeURIComponent(id)}/edit`} replace />;
}
