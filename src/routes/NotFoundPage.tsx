/**
 * The not-found screen (spec §2 Top level): the spec's text, a 'Go Home' button and a redirect to /
 * after 5 seconds. The countdown and the navigation home live in `notFoundMachine` (its `ui.navigate`
 * reaches the root effect handler through `useScreenActor`); this screen only renders and sends.
 */
import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { House } from 'lucide-react';
import { NOT_FOUND_REDIRECT_MS, notFoundMachine } from '@/machines/notFound.machine';
import { useScreenActor } from './screen-actor';

/** Renders the not-found message; the machine sends the visitor home (replacing the dead URL). */
export function NotFoundPage() {
  const notFound = useScreenActor(notFoundMachine);

  return (
    <VStack as="section" aria-labelledby="not-found-title" gap="5" py="20" px="6" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1" aria-hidden>
        404
      </Text>
      <Heading as="h1" id="not-found-title" size="xl">
        Oops! The page you&apos;re looking for doesn&apos;t exist.
      </Heading>
      <Text color="fg.muted">
        You will be taken to the home page in {NOT_FOUND_REDIRECT_MS / 1000} seconds.
      </Text>
      <Button colorPalette="brand" onClick={() => notFound.send({ type: 'notFound.goHome' })}>
        <House aria-hidden />
        Go Home
      </Button>
    </VStack>
  );
}

/** The not-found screen on its own, as the page's `main` landmark (for paths outside every layout). */
export function NotFoundScreen() {
  return (
    <Box as="main" minH="100dvh">
      <NotFoundPage />
    </Box>
  );
}
