/**
 * A secret shown once (issue 30, as Stripe shows a new secret key): the whole value with Copy, and
 * 'I have saved it', the one way to close it, since afterwards only the secret's first characters
 * are ever shown. Escape and a click outside do not close it: a slip would lose the secret. Used for
 * a new API token by the tokens panel and by the feed's "Connect Google Merchant Center".
 */
import { Button, HStack, Portal, Text } from '@chakra-ui/react';
import { Code } from './bound-recipes/Code';
import { Dialog } from './bound-recipes/Dialog';
import { CopyButton } from './CopyButton';

/** What the dialog shows: the secret in full, what it is called in its sentence, its Copy's name. */
export interface OnceSecret {
  /** The whole secret. */
  value: string;
  /** How the sentence names it, e.g. 'token #12 “Google Merchant Center”'. */
  name: string;
  /** Accessible name of the Copy button, e.g. 'Copy token #12'. */
  copyLabel: string;
}

/** Props of {@link SecretOnceDialog}. */
export interface SecretOnceDialogProps {
  /** The secret on show, or null when closed. */
  secret: OnceSecret | null;
  title: string;
  /**
   * DOM id of the Copy button, which takes the focus when the dialog opens (the machine that shows
   * the secret asks for it with `uiFocus`; `initialFocusEl` agrees so the two do not race).
   */
  copyButtonId: string;
  onSaved: () => void;
}

/** The dialog (see the module comment). */
export function SecretOnceDialog({ secret, title, copyButtonId, onSaved }: SecretOnceDialogProps) {
  return (
    <Dialog.Root
      open={secret !== null}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      initialFocusEl={() => document.getElementById(copyButtonId)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">
                Copy {secret?.name} now and keep it somewhere safe. It is shown only this once; afterwards
                only its first characters are shown.
              </Text>
              <HStack align="start" gap="2">
                <Code
                  display="block"
                  flex="1"
                  p="3"
                  wordBreak="break-all"
                  whiteSpace="pre-wrap"
                  data-testid="secret-once"
                >
                  {secret?.value}
                </Code>
                {secret && <CopyButton id={copyButtonId} value={secret.value} label={secret.copyLabel} />}
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
