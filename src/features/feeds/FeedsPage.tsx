/** Feeds list at /dashboard/feeds (spec §2 Dashboard area); the panel comes in a later issue. */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';

/** Renders the breadcrumb Dashboard > Feeds and the title 'Feeds'. */
export function FeedsPage() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', href: '/dashboard' }, { label: 'Feeds' }]} />
      <PageTitle>Feeds</PageTitle>
    </>
  );
}
