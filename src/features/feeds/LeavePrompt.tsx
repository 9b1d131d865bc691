/**
 * Asks before leaving the feed editor with unsaved changes (issue 4): in-app navigation is held by
 * React Router's blocker and a dialog; closing or reloading the tab gets the browser's own prompt.
 */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** Props: whether there are unsaved changes. */
export interface LeavePromptProps {
  when: boolean;
}

/** Renders the 'Unsaved changes' dialog while a navigation is blocked. */
export function LeavePrompt({ when }: LeavePromptProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && blocker.reset?.()}
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Unsaved changes</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>This feed has changes that are not saved. Leave and lose them?</Dialog.Body>
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
