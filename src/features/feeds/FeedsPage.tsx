/** Feeds list at /dashboard/feeds (spec §2 Dashboard area, "Feeds list panel"). */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';
import { FeedsPanel } from './FeedsPanel';

/** Renders the breadcrumb Dashboard > Feeds, the title 'Feeds' and the feeds panel. */
export function FeedsPage() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', href: '/dashboard' }, { label: 'Feeds' }]} />
      <PageTitle>Feeds</PageTitle>
      <FeedsPanel />
    </>
  );
}
