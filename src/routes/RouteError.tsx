/**
 * The error element of every route (issue 27 "Deploys"): what shows instead of a screen whose code
 * could not be downloaded or that broke while drawing, in the layout the route lives in. It names what
 * happened in plain words (never the error's message or stack: `logRouteError` logs those once) and
 * offers Retry, a way home and, when the code could not be downloaded, a reload of the page.
 *
 * A download that failed may mean a new version was deployed: before offering anything the element
 * waits for `reloadIfNewVersion`, which reloads the tab once when so; Retry appears only once no
 * reload is coming.
 */
import { Box, Button, Heading, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { CloudOff, House, RefreshCw, RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { reloadIfNewVersion } from '@/ui/new-version-reload';
import { Wordmark } from '@/ui/Wordmark';
import { paths } from './paths';
import { isChunkLoadError } from './route-errors';

/** Where the error element's way home leads, and its label. */
export interface RouteErrorHome {
  to: string;
  label: string;
}

/** The public site's and the auth area's way home: the landing page. */
export const SITE_HOME: RouteErrorHome = { to: paths.home, label: 'Go Home' };

/** The dashboard's way home: its own home page. */
export const DASHBOARD_HOME: RouteErrorHome = { to: paths.dashboard, label: 'Go to Dashboard' };

/** The texts of the two kinds of failure. */
export const ROUTE_ERROR_TEXT = {
  chunk: {
    title: 'This page could not be loaded',
    reason:
      'Product Feed could not download this page. The server may be unreachable, or a new version may ' +
      'have been released since you opened it. Retry when your connection is back, or reload the page.',
  },
  other: {
    title: 'Something went wrong',
    reason: 'This page stopped because of an unexpected error. Retry, or go back home.',
  },
} as const;

/**
 * True once it is known that no reload is coming for `error`: at once for an error other than a
 * failed download, else when `reloadIfNewVersion` has decided to keep the page.
 */
function useNoReloadComing(error: unknown, chunkFailure: boolean): boolean {
  const [keptFor, setKeptFor] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!chunkFailure) return;
    let current = true;
    void reloadIfNewVersion().then((reloading) => {
      if (current && !reloading) setKeptFor({ error });
    });
    return () => {
      current = false;
    };
  }, [error, chunkFailure]);
  return !chunkFailure || keptFor?.error === error;
}

/**
 * Renders the error of the route it is the element of: heading, reason, and Retry (the same location
 * again: a failed download is tried again, a broken screen drawn again), Reload page for a failed
 * download, and a link to `home`.
 */
export function RouteError({ home }: { home: RouteErrorHome }) {
  const error = useRouteError();
  const chunkFailure = isChunkLoadError(error);
  const ready = useNoReloadComing(error, chunkFailure);
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const text = chunkFailure ? ROUTE_ERROR_TEXT.chunk : ROUTE_ERROR_TEXT.other;
  const Icon = chunkFailure ? CloudOff : TriangleAlert;

  return (
    <VStack as="section" aria-labelledby={titleId} gap="5" py="16" px="6" textAlign="center">
      <Box color="brand.fg" aria-hidden>
        <Icon size={48} strokeWidth={1.5} />
      </Box>
      <Heading as="h1" id={titleId} size="xl">
        {text.title}
      </Heading>
      <Text color="fg.muted" maxW="lg">
        {text.reason}
      </Text>
      {ready ? (
        <HStack gap="3" wrap="wrap" justify="center">
          <Button
            colorPalette="brand"
            onClick={() => void navigate(location, { replace: true, state: location.state as unknown })}
          >
            <RotateCw aria-hidden />
            Retry
          </Button>
          {chunkFailure && (
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden />
              Reload page
            </Button>
          )}
          <Button asChild variant="ghost">
            <RouterLink to={home.to}>
              <House aria-hidden />
              {home.label}
            </RouterLink>
          </Button>
        </HStack>
      ) : (
        <HStack role="status" gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>Checking for a new version…</Text>
        </HStack>
      )}
    </VStack>
  );
}

/**
 * The error element on a page of its own, with the wordmark, as the page's `main` landmark: for the
 * routes whose own layout is what failed (the root, the public, auth and dashboard layouts).
 */
export function RouteErrorScreen() {
  return (
    <Box as="main" minH="100dvh" pt="10">
      <VStack>
        <Wordmark to={paths.home} />
      </VStack>
      <RouteError home={SITE_HOME} />
    </Box>
  );
}
