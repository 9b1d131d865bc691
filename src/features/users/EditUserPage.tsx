/**
 * Edit user at /dashboard/users/:userId/edit (spec §2 Dashboard area): the edit form and the
 * Associated Tokens panel, both for the route's user. The id must be a whole number greater than 0,
 * else the spec's 'Invalid or missing User ID.' shows instead.
 */
import { Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import * as v from 'valibot';
import { IdParam } from '@/api/schemas/common';
import { TokensPanel } from '@/features/tokens/TokensPanel';
import { PageTitle } from '@/ui/PageTitle';
import { UserForm } from './UserForm';

/** Message shown when the route's user id is not a valid id (spec §2). */
export const INVALID_USER_ID = 'Invalid or missing User ID.';

/** Renders the title, then the form and tokens panel. */
export function EditUserPage() {
  const parsed = v.safeParse(IdParam, useParams().userId ?? '');
  return (
    <>
      <PageTitle>Edit user</PageTitle>
      {parsed.success ? (
        // Keyed by id: moving to another user's page starts fresh machines.
        <div key={parsed.output}>
          <UserForm input={{ mode: 'edit', userId: parsed.output }} />
          <TokensPanel userId={parsed.output} />
        </div>
      ) : (
        <Text color="fg.error">{INVALID_USER_ID}</Text>
      )}
    </>
  );
}
