/** Create feed at /dashboard/feeds/create (spec §2 Dashboard area); the editor comes in a later issue. */
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';

/** Renders the breadcrumb Dashboard > Feeds > Create Feed and the title 'Create Feed'. */
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
    </>
  );
}
