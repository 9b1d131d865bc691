/**
 * What shows while the code for the URL is still downloading: the screen's on first load, or the
 * session shell's on the first visit to the auth or dashboard area.
 */
import { Center, Spinner } from '@chakra-ui/react';

/** A centred spinner filling the viewport, announced as 'Loading'. */
export function RouteLoading() {
  return (
    <Center h="100dvh">
      <Spinner size="lg" color="brand.solid" aria-label="Loading" />
    </Center>
  );
}
