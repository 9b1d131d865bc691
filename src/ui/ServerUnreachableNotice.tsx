/**
 * The notice that the server cannot be reached (issue 27 "Sessions through blips"): a warning card at
 * the bottom of the screen, above everything including the session's loading overlay, that says the
 * sign-in is kept, when the next try is, and offers Try now. It blocks nothing: the page around it
 * stays usable. The session decides everything it shows (`selectServerReach`).
 */
import { Box, Button } from '@chakra-ui/react';
import { Alert } from './bound-recipes/Alert';
import { useId } from 'react';
import type { ServerReach } from '@/machines/session.machine';

/** The notice's title. */
export const SERVER_UNREACHABLE_TITLE = 'The server cannot be reached';
/** The notice's button. */
export const TRY_NOW_LABEL = 'Try now';

/** Props of {@link ServerUnreachableNotice}. */
export interface ServerUnreachableNoticeProps {
  /** What the session knows of the server; nothing is shown while it is reachable. */
  reach: ServerReach;
  /** When the next try is due, ms since the epoch, while the session waits; else null. */
  nextTryAt: number | null;
  /** Try now: asks the session to try again without waiting. */
  onTryNow: () => void;
}

// The reader's own clock and zone: the time is for them to watch.
const clockTime = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });

/** Renders the notice while the server cannot be reached, and nothing otherwise. */
export function ServerUnreachableNotice({ reach, nextTryAt, onTryNow }: ServerUnreachableNoticeProps) {
  const titleId = useId();
  if (reach.kind === 'reachable') return null;
  const waiting = reach.kind === 'waiting' && nextTryAt !== null;
  return (
    <Box
      position="fixed"
      insetX="0"
      bottom="4"
      px="4"
      display="flex"
      justifyContent="center"
      zIndex="toast"
      pointerEvents="none"
    >
      <Alert.Root
        status="warning"
        role="status"
        aria-labelledby={titleId}
        maxW="lg"
        boxShadow="lg"
        alignItems="center"
        pointerEvents="auto"
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title id={titleId}>{SERVER_UNREACHABLE_TITLE}</Alert.Title>
          <Alert.Description>
            {waiting ? (
              <>
                Your sign-in is kept. Next try at{' '}
                <time dateTime={new Date(nextTryAt).toISOString()}>{clockTime.format(nextTryAt)}</time>.
              </>
            ) : (
              'Your sign-in is kept. Trying again…'
            )}
          </Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" colorPalette="brand" disabled={!waiting} onClick={onTryNow}>
          {TRY_NOW_LABEL}
        </Button>
      </Alert.Root>
    </Box>
  );
}
