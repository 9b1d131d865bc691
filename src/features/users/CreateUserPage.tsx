/** Create user at /dashboard/users/create (spec §2 Dashboard area, "Create and edit user forms"). */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';
import { UserForm } from './UserForm';

const CREATE_INPUT = { mode: 'create' } as const;

/** Renders the breadcrumb Dashboard > Users > Create user, the title and the create form. */
export function CreateUserPage() {
  return (
    <>
      <Breadcrumb
        backHref="/dashboard/users"
        items={[
          { label: 'Dashboard', href: '/dashboard' },
          { label: 'Users', href: '/dashboard/users' },
          { label: 'Create user' },
        ]}
      />
      <PageTitle>Create user</PageTitle>
      <UserForm input={CREATE_INPUT} />
    </>
  );
}
