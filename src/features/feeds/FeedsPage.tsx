/** Feeds list at /dashboard/feeds (spec §2 Dashboard area, "Feeds list panel"). */
import { FEEDS_PAGE_HEADING_ID } from '@/machines/feedEditor.machine';
import { PageTitle } from '@/ui/PageTitle';
import { FeedsPanel } from './FeedsPanel';

/** Renders the title 'Feeds' and the feeds panel. */
export function FeedsPage() {
  return (
    <>
      <PageTitle id={FEEDS_PAGE_HEADING_ID}>Feeds</PageTitle>
      <FeedsPanel />
    </>
  );
}
