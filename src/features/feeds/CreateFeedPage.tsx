/** Create feed at /dashboard/feeds/create (spec §2 Dashboard area, "Feed editor"). */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';
import { FeedEditor } from './FeedEditor';

/** Renders the breadcrumb Dashboard > Feeds > Create Feed, the title 'Create Feed' and an empty editor. */
export function CreateFeedPage() {
  return (
    <>
      <Breadcrumb
        backHref="/dashboard/feeds"
        items={[
          { label: 'Dashboard', href: '/dashboard' },
          { label: 'Feeds', href: '/dashboard/feeds' },
          { label: 'Create Feed' },
        ]}
      />
      <PageTitle>Create Feed</PageTitle>
      <FeedEditor feedId={null} />
    </>
  );
}
