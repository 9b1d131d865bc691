/**
 * Where a client build keeps its prerendered pages (issue 31): the page of route path `/products` is
 * `pages/products.html`, that of `/` is `pages/index.html`. `scripts/prerender-plugin.ts` writes them;
 * `server/routes/spa.ts` answers those paths with them.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The folder of the prerendered pages inside the client build. */
export const PAGES_DIR = 'pages';

/** The file, relative to the client build, that holds the prerendered page of `pathname`. */
export function prerenderedFile(pathname: string): string {
  return path.posix.join(PAGES_DIR, `${pathname === '/' ? 'index' : pathname.slice(1)}.html`);
}

/**
 * The prerendered pages of the client build at `clientDir`: route path → file relative to the build
 * (as {@link prerenderedFile} names it); empty when the build has none (a development server).
 */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  let files: string[];
  try {
    files = readdirSync(path.join(clientDir, PAGES_DIR), { recursive: true, encoding: 'utf8' });
  } catch {
    return pages;
  }
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const name = file.split(path.sep).join('/').slice(0, -'.html'.length);
    const route = name === 'index' ? '/' : `/${name}`;
    pages.set(route, prerenderedFile(route));
  }
  return pages;
}
