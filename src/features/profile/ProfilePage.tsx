/** Profile at /dashboard/profile (spec §2 Dashboard area); its panels come in a later issue. */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';

/** Renders the breadcrumb Dashboard > Profile and the title 'Profile'. */
export function ProfilePage() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', href: '/dashboard' }, { label: 'Profile' }]} />
      <PageTitle>Profile</PageTitle>
    </>
  );
}
