/**
 * Asks before leaving a form with unsaved changes (the user form of issue 3, the feed editor of
 * issue 4): in-app navigation is held by the router's
 * blocker and confirmed in a dialog; a reload or closing the tab gets the browser's own prompt.
 *
 * With `draft` (issue 15), unsaved input also survives the screen going away without the person
 * choosing to leave (a sign-out in another tab, an expired session, a reload): it is kept in the draft
 * store and offered back, with Restore and Discard, the next time the same screen opens for the same
 * user. Leaving through the dialog, or a form that is no longer dirty, forgets it. The automatic
 * reload for a new version (issue 27, `new-version-reload.ts`) passes without the browser's prompt
 * once the draft is kept: the form comes back with the offer (passwords, never kept, are typed again).
 */
import { Button, HStack, Portal } from '@chakra-ui/react';
import { Alert } from './bound-recipes/Alert';
import { Dialog } from './bound-recipes/Dialog';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import type { FormDraftStore } from './form-draft';
import { sessionDraftStore } from './form-draft';
import { isReloadingForNewVersion } from './new-version-reload';

/** How a form keeps its unsaved input across a sign-out (see the module comment). */
export interface UnsavedDraft {
  /** `formDraftKey(userId, pathname)` of the screen. */
  key: string;
  /** The form's current values (JSON-serialisable), read when the screen goes away. */
  values: () => unknown;
  /** Puts stored values back into the form; the form validates what it is given. */
  onRestore: (values: unknown) => void;
  /** Where drafts live; default this tab's session storage. */
  store?: FormDraftStore;
}

/** Props of {@link UnsavedChangesPrompt}. */
export interface UnsavedChangesPromptProps {
  /** Read at the moment of leaving (not at render), so a save that just finished is never blocked. */
  isDirty: () => boolean;
  /** Keep unsaved input across a sign-out; see {@link UnsavedDraft}. */
  draft?: UnsavedDraft;
}

const defaultDraftStore = sessionDraftStore();

/**
 * Renders the 'Leave this page?' dialog while a navigation is held and, with `draft`, the offer of
 * input kept from before (place it where the notice should show, e.g. at the top of the form).
 */
export function UnsavedChangesPrompt({ isDirty, draft }: UnsavedChangesPromptProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty() && currentLocation.pathname !== nextLocation.pathname,
  );
  const store = draft?.store ?? defaultDraftStore;
  const draftKey = draft?.key;
  const [offered, setOffered] = useState<unknown>(() => (draftKey ? store.read(draftKey) : null));
  // The key can come after the form: a screen started under the session's loading overlay (issue 31)
  // knows whose draft to offer only once the session's user is known.
  const [offeredFor, setOfferedFor] = useState(draftKey);
  if (draftKey !== offeredFor) {
    setOfferedFor(draftKey);
    setOffered(draftKey ? store.read(draftKey) : null);
  }
  const leaving = useRef(false);
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    /** Writes the draft of a dirty form; true when one is now stored for the next visit to offer. */
    const keepDraft = (): boolean => {
      const current = latest.current;
      if (!current || leaving.current || !isDirty()) return false;
      const values = current.values();
      // A form may keep nothing (null: only passwords typed), which the next visit does not offer.
      return store.write(current.key, values) && values !== null;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      if (keepDraft() && isReloadingForNewVersion()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      keepDraft();
    };
  }, [isDirty, store]);

  const forget = () => {
    if (draftKey) store.clear(draftKey);
    setOffered(null);
  };
  const leave = () => {
    leaving.current = true;
    if (draftKey) store.clear(draftKey);
    blocker.proceed?.();
  };

  const blocked = blocker.state === 'blocked';
  return (
    <>
      {offered !== null && draft && (
        <Alert.Root status="info" mb="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Unsaved changes were kept</Alert.Title>
            <Alert.Description>
              You had changed this form before the page was reloaded or you were signed out. Restore your
              changes?
            </Alert.Description>
          </Alert.Content>
          <HStack gap="2">
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => {
                draft.onRestore(offered);
                forget();
              }}
            >
              Restore
            </Button>
            <Button size="sm" variant="outline" onClick={forget}>
              Discard
            </Button>
          </HStack>
        </Alert.Root>
      )}
      <Dialog.Root
        open={blocked}
        role="alertdialog"
        onOpenChange={(details) => {
          if (!details.open && blocker.state === 'blocked') blocker.reset();
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Leave this page?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>You have unsaved changes. If you leave, they will be lost.</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => blocker.reset?.()}>
                  Stay
                </Button>
                <Button colorPalette="red" onClick={leave}>
                  Leave
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
