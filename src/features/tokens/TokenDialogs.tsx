/**
 * The dialogs of the Associated Tokens panel (issue 15 finding 1): the name form used to add a token
 * and to rename one ('Name (optional)'), the confirmation that names the token before it is
 * revoked, and the new token shown once with Copy and 'I have saved it' (issue 30, also used by the
 * feed's "Connect Google Merchant Center"). All only render the tokens machine's state and hand the
 * person's input back to it.
 */
import { Button, Code, Dialog, HStack, Input, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import type { ApiToken, ApiTokenSecret } from '@/api/schemas/tokens';
import { TOKEN_NAME_MAX_LENGTH } from '@/api/schemas/tokens';
import { TOKEN_NAME_FIELD_ID, TOKEN_SECRET_COPY_ID } from '@/machines/tokens.machine';
import type { TokensView } from '@/machines/tokens.machine';
import { CopyButton } from '@/ui/CopyButton';
import { FormField } from '@/ui/FormField';
import { formSubmitProps } from '@/ui/form-submit';

/** How a token is named in sentences: `token #12 “Shop feed”`, or `token #12` when unnamed. */
export function tokenLabel(token: Pick<ApiToken, 'id' | 'name'>): string {
  return token.name === null ? `token #${token.id}` : `token #${token.id} “${token.name}”`;
}

const NAME_FORM_ID = 'token-name-form';

/** Props of {@link TokenNameDialog}. */
export interface TokenNameDialogProps {
  /** The open form (from `selectTokensView`), or null when closed. */
  form: TokensView['nameForm'];
  onChange: (name: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The name form in a dialog: 'Add token' for a new token, 'Rename token #N' for an existing one. The
 * field shows the contract's message once typed in or submitted; the dialog cannot be dismissed
 * while its request is in flight.
 */
export function TokenNameDialog({ form, onChange, onSubmit, onCancel }: TokenNameDialogProps) {
  const isNew = form?.draft.tokenId === null;
  const saving = form?.saving ?? false;
  const draft = form?.draft;
  const showError = draft !== undefined && draft.touched && draft.error !== null;
  return (
    <Dialog.Root
      open={form !== null}
      onOpenChange={(details) => {
        if (!details.open && !saving) onCancel();
      }}
      closeOnInteractOutside={!saving}
      closeOnEscape={!saving}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{isNew ? 'Add token' : `Rename token #${draft?.tokenId ?? ''}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={NAME_FORM_ID} {...formSubmitProps(onSubmit)}>
                <FormField
                  label="Name (optional)"
                  id={TOKEN_NAME_FIELD_ID}
                  state={showError ? 'error' : 'neutral'}
                  error={showError ? draft.error : null}
                  helperText={`Up to ${TOKEN_NAME_MAX_LENGTH} characters, e.g. the store or service that pulls feeds with it.`}
                >
                  <Input
                    value={draft?.name ?? ''}
                    onChange={(event) => onChange(event.target.value)}
                    autoComplete="off"
                    disabled={saving}
                  />
                </FormField>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" form={NAME_FORM_ID} colorPalette="brand" loading={saving}>
                {isNew ? 'Add token' : 'Save name'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Props of {@link RevokeTokenDialog}. */
export interface RevokeTokenDialogProps {
  /** The token the confirmation names, or null when closed. */
  token: ApiToken | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a token is revoked (an `alertdialog` naming the token). Cancel has the focus, so Enter
 * on an accidental open changes nothing.
 */
export function RevokeTokenDialog({ token, onConfirm, onCancel }: RevokeTokenDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={token !== null}
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Revoke token #{token?.id}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Feed pulls with {token === null ? 'this token' : tokenLabel(token)} will be refused until it
                is restored.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                Revoke
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Props of {@link TokenSecretDialog}. */
export interface TokenSecretDialogProps {
  /** The token just issued, with its whole secret (the view's `issued`), or null when closed. */
  token: ApiTokenSecret | null;
  onSaved: () => void;
}

/**
 * The new token in full, once (issue 30, as Stripe shows a new secret key): the token with Copy,
 * and 'I have saved it', the one way to close it, since afterwards only the token's prefix is ever
 * shown. Escape and a click outside do not close it: a slip would lose the token. The Copy button
 * takes the focus (the machine asks for it; `initialFocusEl` agrees so the two do not race).
 */
export function TokenSecretDialog({ token, onSaved }: TokenSecretDialogProps) {
  return (
    <Dialog.Root
      open={token !== null}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      initialFocusEl={() => document.getElementById(TOKEN_SECRET_COPY_ID)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Save your new token</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">
                Copy {token === null ? 'the token' : tokenLabel(token)} now and keep it somewhere safe. It is
                shown only this once; afterwards the list shows its first characters only.
              </Text>
              <HStack align="start" gap="2">
                <Code
                  display="block"
                  flex="1"
                  p="3"
                  wordBreak="break-all"
                  whiteSpace="pre-wrap"
                  data-testid="new-token"
                >
                  {token?.token}
                </Code>
                {token && (
                  <CopyButton
                    id={TOKEN_SECRET_COPY_ID}
                    value={token.token}
                    label={`Copy token #${token.id}`}
                  />
                )}
              </HStack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onSaved}>
                I have saved it
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
