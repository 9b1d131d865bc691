/** The full-screen spinner over the app while the session is loading (spec §4 "Session state"). */
import { Box, Spinner } from '@chakra-ui/react';
import { SessionActorContext } from './session';
import { selectOverlayVisible } from '@/machines/session.machine';

/**
 * Covers the screen while the session state is unknown and for OVERLAY_LINGER (500 ms) after it is
 * known, then unmounts. Must be rendered under `SessionProvider`.
 */
export function SessionOverlay() {
  const visible = SessionActorContext.useSelector(selectOverlayVisible);
  if (!visible) return null;
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="whiteAlpha.900"
      display="flex"
      alignItems="center"
      justifyContent="center"
      role="status"
      aria-live="polite"
      aria-label="Loading your session"
    >
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
    </Box>
  );
}
