/**
 * Layout of the auth area (spec §2 Auth area): a full-height pale gradient with the content centred.
 * A visitor who already has an access token stored is sent to the dashboard (`authAreaRedirect`).
 */
import { Box, Center, VStack } from '@chakra-ui/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { getAccessToken } from '@/api/tokens-storage';
import { authAreaRedirect } from '@/machines/session-redirects';
import { useHydratedValue } from '@/ui/hydration';
import { Wordmark } from '@/ui/Wordmark';
import { paths } from './paths';
import { useSession } from './session';

/**
 * Renders the auth screen, or redirects to the dashboard when an access token was stored on entering the
 * auth area (the literal 'undefined' counts as none). The check is made on entry only: a token stored
 * by a login in progress must not pre-empt that login's own redirect. Two cases keep the screen,
 * because the dashboard guard would only send the visitor straight back: the session has already
 * found the stored token unusable (logged out, tokens about to be cleared), or the guard refused the
 * signed-in user's role.
 */
export function AuthLayout() {
  const { status } = useSession();
  const location = useLocation();
  // No token in the prerendered login page (issue 31); a stored one redirects right after hydrating.
  const tokenOnEntry = useHydratedValue(() => getAccessToken() !== null, false);

  const redirect = authAreaRedirect(tokenOnEntry, status, location.state);
  if (redirect !== null) return <Navigate to={redirect} replace />;

  return (
    <Center
      as="main"
      minH="100dvh"
      px="4"
      py="10"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientVia="white"
      gradientTo="blue.50"
    >
      <VStack gap="8" w="full">
        <Wordmark to={paths.home} />
        <Box w="full" display="flex" justifyContent="center">
          <Outlet />
        </Box>
      </VStack>
    </Center>
  );
}
