/**
 * Create feed at /dashboard/feeds/create (spec §2 Dashboard area, "Feed editor"). A `customer` query
 * parameter (the customer page's Add feed, issue 30) starts the form on that customer; one that is not
 * a valid id, or not a customer, is ignored and the form starts with none.
 */
import { useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { IdParam } from '@/api/schemas/common';
import { CREATE_FEED_CUSTOMER_PARAM } from '@/routes/paths';
import { FEED_PAGE_HEADING_ID } from '@/machines/feedEditor.machine';
import { PageTitle } from '@/ui/PageTitle';
import { FeedEditor } from './FeedEditor';

/** Renders the title 'Create Feed' and an empty editor, on the query's customer when it names one. */
export function CreateFeedPage() {
  const [search] = useSearchParams();
  const parsed = v.safeParse(IdParam, search.get(CREATE_FEED_CUSTOMER_PARAM) ?? '');
  const customerId = parsed.success ? parsed.output : null;
  return (
    <>
      <PageTitle id={FEED_PAGE_HEADING_ID}>Create Feed</PageTitle>
      <FeedEditor key={customerId ?? 'none'} feedId={null} customerId={customerId} />
    </>
  );
}
