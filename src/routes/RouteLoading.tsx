/** What the router shows on first load while the screen's code for the URL is still downloading. */
import { Center, Spinner } from '@chakra-ui/react';

/** A centred spinner filling the viewport, announced as 'Loading'. */
export function RouteLoading() {
  return (
    <Center h="100dvh">
      <Spinner size="lg" color="brand.solid" aria-label="Loading" />
    </Center>
  );
}
