/**
 * The dialogs of the Associated Tokens panel (issue 15 finding 1): the name form used to add a token
 * and to rename one ('Name (optional)'), and the confirmation that names the token before it is
 * revoked. Both only render the tokens machine's state and hand the person's input back to it. The
 * new token shown once is `src/ui/SecretOnceDialog.tsx` (issue 30), shared with the feed's
 * "Connect Google Merchant Center".
 */
import { Button, Input, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '@/ui/bound-recipes/Dialog';
import { useRef } from 'react';
import type { ApiToken } from '@/api/schemas/tokens';
import { TOKEN_NAME_MAX_LENGTH } from '@/api/schemas/tokens';
import { TOKEN_NAME_FIELD_ID, tokenLabel } from '@/machines/tokens.machine';
import type { TokensView } from '@/machines/tokens.machine';
import { FormField } from '@/ui/FormField';
import { formSubmitProps } from '@/ui/form-submit';

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
