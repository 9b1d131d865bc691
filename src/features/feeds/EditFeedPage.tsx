/**
 * Edit feed at /dashboard/feeds/:feedId/edit (spec §2 Dashboard area). The id must be a whole number
 * greater than 0, else the spec's 'Invalid or missing Feed ID.' shows instead of the editor.
 */
import { Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import * as v from 'valibot';
import { IdParam } from '@/api/schemas/common';
import { FEED_PAGE_HEADING_ID } from '@/machines/feedEditor.machine';
import { PageTitle } from '@/ui/PageTitle';
import { FeedEditor } from './FeedEditor';

/** Message shown when the route's feed id is not a valid id (spec §2). */
export const INVALID_FEED_ID = 'Invalid or missing Feed ID.';

/** Renders the title 'Edit Feed', and the editor or the id error. */
export function EditFeedPage() {
  const { feedId } = useParams();
  const parsed = v.safeParse(IdParam, feedId ?? '');
  return (
    <>
      <PageTitle id={FEED_PAGE_HEADING_ID}>Edit Feed</PageTitle>
      {parsed.success ? (
        // A new id is a new editor: the key restarts its machine.
        <FeedEditor key={parsed.output} feedId={parsed.output} />
      ) : (
        <Text color="fg.error">{INVALID_FEED_ID}</Text>
      )}
    </>
  );
}
