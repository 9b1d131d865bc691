/**
 * The Delivery panel's "Connect Google Merchant Center" section (issue 30; ARCHITECTURE.md §4
 * "Google's fetch"): what to enter in Merchant Center's scheduled fetch ("Add a link to your file"),
 * each with Copy: the XML feed URL as the Google Merchant Center feed URL, a user name (the delivery
 * API reads only the password, so any user name works; 'google' is suggested), and as the password
 * an API token of the feed's customer, which a button creates in place, named for Google and shown
 * once (the tokens statechart, `tokens.issue`; `SecretOnceDialog`). Then the fetch schedule advice
 * and when any client last pulled the feed.
 */
import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { List } from '@/ui/bound-recipes/List';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '@/api/format';
import {
  TOKEN_SECRET_COPY_ID,
  onceSecretOf,
  selectTokensView,
  tokensMachine,
} from '@/machines/tokens.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { CopyButton } from '@/ui/CopyButton';
import { SecretOnceDialog } from '@/ui/SecretOnceDialog';

/** The name of the token the section creates, as the customer's tokens list shows it. */
export const GOOGLE_TOKEN_NAME = 'Google Merchant Center';

/**
 * The user name suggested for Google's fetch. The delivery API ignores the user name of HTTP Basic
 * (server/routes/feed-delivery.ts `apiTokenOf`), but Merchant Center asks for one.
 */
export const GOOGLE_USER_NAME = 'google';

/** One value to enter in Merchant Center: a read-only box to select it from, and Copy. */
function CopyField({ label, value, helper }: { label: string; value: string; helper?: string }) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <HStack gap="2" w="full">
        <Input readOnly value={value} fontFamily="mono" fontSize="sm" flex="1" minW="0" />
        <CopyButton value={value} label={`Copy the ${label}`} />
      </HStack>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * The password: a button that creates a token for Google for customer `userId` and shows it once.
 * A failed request leaves the machine's name form open with the name (the error toast says why):
 * here that state offers to try again or to give up.
 */
function GoogleTokenButton({ userId }: { userId: number }) {
  const tokens = useScreenActor(tokensMachine, { input: { userId } });
  const { nameForm, issued } = useSelector(tokens, selectTokensView);
  const failed = nameForm !== null && !nameForm.saving;
  return (
    <Field.Root>
      <Field.Label fontSize="sm" id="google-password-label">
        Password
      </Field.Label>
      <Text fontSize="sm">
        An API token of the feed&apos;s customer. Create one for Google, copy it when it is shown (it is shown
        once) and paste it here in Merchant Center.
      </Text>
      {failed ? (
        <HStack gap="2">
          <Text fontSize="sm" color="fg.error">
            The token was not created.
          </Text>
          <Button size="xs" onClick={() => tokens.send({ type: 'tokens.submitName' })}>
            Try again
          </Button>
          <Button size="xs" variant="ghost" onClick={() => tokens.send({ type: 'tokens.cancelName' })}>
            Cancel
          </Button>
        </HStack>
      ) : (
        <Button
          size="sm"
          colorPalette="brand"
          variant="outline"
          alignSelf="start"
          loading={nameForm?.saving ?? false}
          loadingText="Creating token"
          aria-describedby="google-password-label"
          onClick={() => tokens.send({ type: 'tokens.issue', name: GOOGLE_TOKEN_NAME })}
        >
          Create a token for Google
        </Button>
      )}
      <SecretOnceDialog
        title="Save the token for Google"
        secret={onceSecretOf(issued)}
        copyButtonId={TOKEN_SECRET_COPY_ID}
        onSaved={() => tokens.send({ type: 'tokens.saved' })}
      />
    </Field.Root>
  );
}

/** Props of {@link GoogleMerchantSection}. */
export interface GoogleMerchantSectionProps {
  /** The feed's XML URL, absolute. */
  xmlUrl: string;
  /** When a client last pulled the feed (ISO 8601), or null: never. */
  lastPulledAt: string | null;
  /** The saved feed's customer, whose token Google sends; null when the feed has none. */
  customerId: number | null;
}

/** The section; see the module comment. */
export function GoogleMerchantSection({ xmlUrl, lastPulledAt, customerId }: GoogleMerchantSectionProps) {
  return (
    <Box as="section" aria-labelledby="google-merchant-heading">
      <Stack gap="3">
        <Heading as="h3" size="sm" id="google-merchant-heading">
          Connect Google Merchant Center
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          In Merchant Center, add a product source with &quot;Add a link to your file&quot; (a scheduled
          fetch) and enter:
        </Text>
        <CopyField label="Google Merchant Center feed URL" value={xmlUrl} />
        <CopyField
          label="User name"
          value={GOOGLE_USER_NAME}
          helper="Any user name works: the feed checks the password only."
        />
        {customerId === null ? (
          <Text fontSize="sm">
            Password: an API token of the feed&apos;s customer. Choose the feed&apos;s customer and save to
            create one here.
          </Text>
        ) : (
          <GoogleTokenButton userId={customerId} />
        )}
        <List.Root fontSize="sm" ps="5">
          <List.Item>
            Fetch schedule: daily. The feed changes with the catalogue and each fetch counts one request
            against the token.
          </List.Item>
          <List.Item>
            Last pulled by any client:{' '}
            <Text as="span" fontWeight="medium">
              {lastPulledAt === null ? 'never' : formatDateTime(lastPulledAt)}
            </Text>
          </List.Item>
        </List.Root>
      </Stack>
    </Box>
  );
}
