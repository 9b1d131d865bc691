/** Users list at /dashboard/users (spec §2 Dashboard area): breadcrumb, statistic cards, users panel. */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';
import { UserStatisticCards } from './UserStatisticCards';
import { UsersPanel } from './UsersPanel';

/** Renders Dashboard > Users, the title, the four statistic cards and the users panel. */
export function UsersPage() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', href: '/dashboard' }, { label: 'Users' }]} />
      <PageTitle>Users</PageTitle>
      <UserStatisticCards />
      <UsersPanel />
    </>
  );
}
