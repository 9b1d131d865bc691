/**
 * Edit user at /dashboard/users/:userId/edit (spec §2 Dashboard area): the edit form and, below it
 * once the user has loaded, what the route puts there for the same user (the Associated Tokens panel, composed by
 * `src/routes/EditUserRoute.tsx`, since one feature does not import another). The id must be a whole
 * number greater than 0, else the spec's 'Invalid or missing User ID.' shows instead. The heading
 * carries USER_PAGE_HEADING_ID: the form machine focuses it once the user's load settles (issue 30:
 * opening the page, or landing on it after a create).
 */
import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import * as v from 'valibot';
import { IdParam } from '@/api/schemas/common';
import { USER_PAGE_HEADING_ID } from '@/machines/userForm.machine';
import { PageTitle } from '@/ui/PageTitle';
import { UserForm } from './UserForm';

/** Message shown when the route's user id is not a valid id (spec §2). */
export const INVALID_USER_ID = 'Invalid or missing User ID.';

/** Props of {@link EditUserPage}. */
export interface EditUserPageProps {
  /**
   * What shows under the form for the route's (valid) user id, e.g. its tokens panel: only once the
   * user has loaded, so a user id the server does not know shows 'User not found' alone.
   */
  renderBelow?: (userId: number) => ReactNode;
}

/** Renders the title, then the form and what `renderBelow` gives for the user. */
export function EditUserPage({ renderBelow }: EditUserPageProps) {
  const parsed = v.safeParse(IdParam, useParams().userId ?? '');
  return (
    <>
      <PageTitle id={USER_PAGE_HEADING_ID}>Edit user</PageTitle>
      {parsed.success ? (
        // Keyed by id: moving to another user's page starts fresh machines.
        <div key={parsed.output}>
          <UserForm input={{ mode: 'edit', userId: parsed.output }} below={renderBelow?.(parsed.output)} />
        </div>
      ) : (
        <Text color="fg.error">{INVALID_USER_ID}</Text>
      )}
    </>
  );
}
