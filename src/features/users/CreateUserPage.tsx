/** Create user at /dashboard/users/create (spec §2 Dashboard area); the form comes in a later issue. */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';

/** Renders the breadcrumb Dashboard > Users > Create user and the title 'Create user'. */
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
    </>
  );
}
