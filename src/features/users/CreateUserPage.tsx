/** Create user at /dashboard/users/create (spec §2 Dashboard area, "Create and edit user forms"). */
import { useState } from 'react';
import { listReturnHref } from '@/routes/list-return';
import { paths } from '@/routes/paths';
import { PageTitle } from '@/ui/PageTitle';
import { UserForm } from './UserForm';

/**
 * Renders the title and the create form; a saved user returns to the users list as it was left
 * (its search, filter, order and page; issue 15 "You lose your place").
 */
export function CreateUserPage() {
  // Read once: the form machine takes its input when it starts.
  const [input] = useState(() => ({ mode: 'create' as const, usersHref: listReturnHref(paths.users) }));
  return (
    <>
      <PageTitle>Create user</PageTitle>
      <UserForm input={input} />
    </>
  );
}
