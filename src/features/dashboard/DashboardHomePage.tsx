/** Dashboard home at /dashboard (spec §2 Dashboard area); its widgets come in later issues. */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';

/** Renders the breadcrumb Home > Dashboard and the title 'Dashboard'. */
export function DashboardHomePage() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Dashboard' }]} />
      <PageTitle>Dashboard</PageTitle>
    </>
  );
}
