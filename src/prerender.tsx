/**
 * Build-time entry (issue 31): renders a public page to HTML in Node with React's `react-dom/static`,
 * under the same Chakra system and route table as the browser (`src/main.tsx`), so the page arrives
 * with its content and styles and its largest paint needs no script. `scripts/prerender.ts` builds
 * this module with Vite (`build.ssr`) and writes each page's HTML into the client build; the
 * browser then hydrates it.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { UserType } from '@/api/schemas/common';
import { routes } from '@/routes/router';
import { appSystem } from '@/ui/system';

/** A page prerendered: its route path and, for a page of the signed-in area, the role it is drawn for. */
export interface PrerenderedPage {
  path: string;
  /**
   * The `user_type_id` the page is drawn for: its shell, titles and loading skeletons, under the
   * session's loading overlay, as the browser draws them for a stored token of that role while the
   * session check is on its way. The browser hydrates the page only for such a token (`src/main.tsx`).
   */
  signedInAs?: number;
}

/**
 * The pages prerendered: the public site's, whose content does not depend on the visitor, and the
 * dashboard's home and users list, whose first paint (before any data) does not either.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/' },
  { path: '/products' },
  { path: '/auth/login' },
  { path: '/dashboard', signedInAs: UserType.Admin },
  { path: '/dashboard/users', signedInAs: UserType.Admin },
];

/**
 * The HTML that goes inside `#root` for `pathname` once every lazy screen, Suspense boundary and
 * style of the page has resolved: the elements, with emotion's `<style>` tags inline before the ones
 * they style (emotion moves them into the head when the browser starts).
 * @throws Error when the route answers with a redirect or an error instead of a page
 */
export async function prerenderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}, not a page`);
  if (context.errors) throw new Error(`${pathname} fails to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ChakraProvider value={appSystem()}>
        {/* No hydration data: the public routes have no loaders, and the CSP allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ChakraProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
