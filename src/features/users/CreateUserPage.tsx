/** Create user at /dashboard/users/create (spec §2 Dashboard area, "Create and edit user forms"). */
import { PageTitle } from '@/ui/PageTitle';
import { UserForm } from './UserForm';

/** The form machine's input: create (a constant, since the machine reads it once when it starts). */
const CREATE_INPUT = { mode: 'create' } as const;

/**
 * Renders the title and the create form; a saved user lands on its own page (issue 30: the next job,
 * a token or a feed, starts there).
 */
export function CreateUserPage() {
  return (
    <>
      <PageTitle>Create user</PageTitle>
      <UserForm input={CREATE_INPUT} />
    </>
  );
}
