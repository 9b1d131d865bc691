/**
 * Asks before leaving a form with unsaved changes (the user form of issue 3, the feed editor of
 * issue 4): in-app navigation is held by the router's
 * blocker and confirmed in a dialog; a reload or closing the tab gets the browser's own prompt.
 */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** Props of {@link UnsavedChangesPrompt}. */
export interface UnsavedChangesPromptProps {
  /** Read at the moment of leaving (not at render), so a save that just finished is never blocked. */
  isDirty: () => boolean;
}

/** Renders the 'Leave this page?' dialog while a navigation is held. */
export function UnsavedChangesPrompt({ isDirty }: UnsavedChangesPromptProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty() && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const blocked = blocker.state === 'blocked';
  return (
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
              <Button colorPalette="red" onClick={() => blocker.proceed?.()}>
                Leave
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
