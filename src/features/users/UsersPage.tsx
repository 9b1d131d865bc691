/** Users list at /dashboard/users (spec §2 Dashboard area): statistic cards and users panel (its breadcrumb is route data). */
import { PageTitle } from '@/ui/PageTitle';
import { UserStatisticCards } from './UserStatisticCards';
import { UsersPanel } from './UsersPanel';

/** Renders Dashboard > Users, the title, the four statistic cards and the users panel. */
export function UsersPage() {
  return (
    <>
      <PageTitle>Users</PageTitle>
      <UserStatisticCards />
      <UsersPanel />
    </>
  );
}
