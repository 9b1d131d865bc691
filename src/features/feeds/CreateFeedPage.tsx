/** Create feed at /dashboard/feeds/create (spec §2 Dashboard area, "Feed editor"). */
import { PageTitle } from '@/ui/PageTitle';
import { FeedEditor } from './FeedEditor';

/** Renders the title 'Create Feed' and an empty editor. */
export function CreateFeedPage() {
  return (
    <>
      <PageTitle>Create Feed</PageTitle>
      <FeedEditor feedId={null} />
    </>
  );
}
