/** Feeds list at /dashboard/feeds (spec §2 Dashboard area, "Feeds list panel"). */
import { PageTitle } from '@/ui/PageTitle';
import { FeedsPanel } from './FeedsPanel';

/** Renders the title 'Feeds' and the feeds panel. */
export function FeedsPage() {
  return (
    <>
      <PageTitle>Feeds</PageTitle>
      <FeedsPanel />
    </>
  );
}
