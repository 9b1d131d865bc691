/**
 * The screen of /dashboard/users/:userId/edit (spec §2 Dashboard area): the users feature's edit page
 * with the tokens feature's Associated Tokens panel under its form. Composed here because a feature
 * does not import another feature (issue 14); both get the same checked user id, and both start
 * fresh when it changes (the page keys its content by id). The panel shows only once the form has
 * loaded the user: an id the server does not know shows 'User not found' and no tokens (issue 15).
 */
import { TokensPanel } from '@/features/tokens/TokensPanel';
import { EditUserPage } from '@/features/users/EditUserPage';

/** Renders the edit user page with the user's tokens panel below the form (once the user has loaded). */
export function EditUserRoute() {
  return <EditUserPage renderBelow={(userId) => <TokensPanel userId={userId} />} />;
}
