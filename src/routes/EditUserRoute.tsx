/**
 * The screen of /dashboard/users/:userId/edit (spec §2 Dashboard area): the users feature's edit page
 * with the tokens feature's Associated Tokens panel under its form, then the customer's feeds with
 * what Google Merchant Center's fetch asks for (issue 30: a token for Google and the feed's URL on
 * one page), then the customer's latest orders and transactions. Composed here because a feature
 * does not import another feature (issue 14); both get the same checked user id, and both start
 * fresh when it changes (the page keys its content by id). The panel shows only once the form has
 * loaded the user: an id the server does not know shows 'User not found' and no tokens (issue 15).
 */
import { Stack } from '@chakra-ui/react';
import { CustomerActivityPanel } from '@/features/dashboard/CustomerActivityPanel';
import { CustomerFeedsPanel } from '@/features/feeds/CustomerFeedsPanel';
import { TokensPanel } from '@/features/tokens/TokensPanel';
import { EditUserPage } from '@/features/users/EditUserPage';

/** Renders the edit user page with the user's tokens, feeds and activity panels below the form (once the user has loaded). */
export function EditUserRoute() {
  return (
    <EditUserPage
      renderBelow={(userId) => (
        <Stack gap="6">
          <TokensPanel userId={userId} />
          <CustomerFeedsPanel userId={userId} />
          <CustomerActivityPanel userId={userId} />
        </Stack>
      )}
    />
  );
}
