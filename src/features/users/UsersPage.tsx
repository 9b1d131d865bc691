/** Users list at /dashboard/users (spec §2 Dashboard area); cards and panel come in later issues. */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';

/** Renders the breadcrumb Dashboard > Users and the title 'Users'. */
export function UsersPage() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', href: '/dashboard' }, { label: 'Users' }]} />
      <PageTitle>Users</PageTitle>
    </>
  );
}
