/** Create user at /dashboard/users/create (spec §2 Dashboard area, "Create and edit user forms"). */
import { PageTitle } from '@/ui/PageTitle';
import { UserForm } from './UserForm';

const CREATE_INPUT = { mode: 'create' } as const;

/** Renders the title and the create form. */
export function CreateUserPage() {
  return (
    <>
      <PageTitle>Create user</PageTitle>
      <UserForm input={CREATE_INPUT} />
    </>
  );
}
