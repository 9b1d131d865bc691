/**
 * Edit user at /dashboard/users/:userId/edit (spec §2 Dashboard area). The id must be a whole number
 * greater than 0, else the spec's 'Invalid or missing User ID.' shows; the form comes in a later issue.
 */
import { Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import * as v from 'valibot';
import { IdParam } from '@/api/schemas/common';
import { Breadcrumb } from '@/ui/Breadcrumb';
import { PageTitle } from '@/ui/PageTitle';

/** Message shown when the route's user id is not a valid id (spec §2). */
export const INVALID_USER_ID = 'Invalid or missing User ID.';

/** Renders the breadcrumb Dashboard > Users > Edit user, the title, and the id check. */
export function EditUserPage() {
  const { userId } = useParams();
  const validId = v.is(IdParam, userId ?? '');
  return (
    <>
      <Breadcrumb
        backHref="/dashboard/users"
        items={[
          { label: 'Dashboard', href: '/dashboard' },
          { label: 'Users', href: '/dashboard/users' },
          { label: 'Edit user' },
        ]}
      />
      <PageTitle>Edit user</PageTitle>
      {!validId && <Text color="fg.error">{INVALID_USER_ID}</Text>}
    </>
  );
}
