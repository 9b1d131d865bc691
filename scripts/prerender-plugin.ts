/**
 * The Vite plugin that prerenders the pages of `src/prerender.tsx` into every client build (issue 31): once the
 * client bundle is written, it builds `src/prerender.tsx` for Node (Vite's `build.ssr`, same config
 * and mode), renders each of its `PRERENDERED_PAGES`, and writes the page into the build's
 * `index.html` shell at `pages/<path>.html` (`pages/index.html` for `/`; `server/http/prerendered-pages.ts`), with a Brotli and a gzip
 * copy beside it for @fastify/static's `preCompressed`. The server answers those paths with these
 * files (`server/routes/spa.ts`); every other client route keeps the bare `index.html`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PAGES_DIR, prerenderedFile } from '../server/http/prerendered-pages.ts';

/** The build-time entry, relative to the project root. */
const ENTRY = 'src/prerender.tsx';
/** The script a prerendered page runs instead of the app's entry (it starts the app after the first paint). */
const PAINT_FIRST = 'src/paint-first.ts';
/** Where the shell's root element is, empty, in index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';
/** The id of the empty element the plugin puts after the page, and the hint that paints after it. */
const PAGE_END_ID = 'prerendered-end';
const RENDER_AFTER_PAGE = `<link rel="expect" href="#${PAGE_END_ID}" blocking="render">`;
/** A `<style>` element emotion writes into server-rendered HTML (its text never holds `</style>`). */
const EMOTION_STYLE = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g;
/** Vite's entry script in the shell, and its module preloads (the URL in the first group). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** What `src/prerender.tsx` exports, as built. */
interface PrerenderModule {
  PRERENDERED_PAGES: readonly { path: string; signedInAs?: number }[];
  prerenderPage(pathname: string): Promise<string>;
}

/**
 * A prerendered page's document: the build's `shell` (Vite's index.html) with `page` (the HTML
 * `prerenderPage` rendered) in its root element, and the app started by the `paintFirst` script
 * (its URL) once the page is painted, instead of Vite's entry script and module preloads, which
 * become that script's `data-app-entry` and `data-preload`. A page drawn for a signed-in role
 * carries it as the root element's `data-signed-in-as` (read by `src/main.tsx`).
 * @throws Error when the shell has no empty root element or no entry script
 */
export function prerenderedDocument(
  shell: string,
  page: string,
  paintFirst: string,
  signedInAs?: number,
): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (entry === undefined) throw new Error('index.html has no module entry script');
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // Emotion's styles go to the head, where emotion would move them when the app starts: the
  // browser then has every style before the first element, and a first paint of a partly
  // parsed page lays out as the whole one will.
  // The first paint also waits for the page's last element (`rel=expect`, Chromium 124+; other
  // browsers ignore it): painted while the parser was still in the body, the login card grew
  // by a third under the visitor's eyes.
  // Each style is marked as emotion marks the server-rendered styles it has moved (`data-s`), so
  // emotion takes them over where they are: moving 60 styles within the head was 15 % of the
  // entry's evaluation in a trace of /dashboard/users.
  const styles = (page.match(EMOTION_STYLE) ?? []).map((style) =>
    style.replace(/^<style data-emotion="([^"]*)">/, '<style data-emotion="$1" data-s="">'),
  );
  const startAfterPaint = `<script type="module" crossorigin src="${paintFirst}" data-app-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return shell
    .replace(ENTRY_SCRIPT, startAfterPaint)
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${styles.join('')}${RENDER_AFTER_PAGE}</head>`)
    .replace(
      ROOT_ELEMENT,
      `<div id="root"${signedInAs === undefined ? '' : ` data-signed-in-as="${signedInAs}"`}>${page.replace(EMOTION_STYLE, '')}</div><span id="${PAGE_END_ID}" hidden></span>`,
    );
}

/** The plugin; it does nothing in `vite dev` and in the Node build it starts itself. */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let paintFirstRef = '';
  let paintFirstFile = '';
  return {
    name: 'product-feed:prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      paintFirstRef = this.emitFile({ type: 'chunk', id: PAINT_FIRST, name: 'paint-first' });
    },
    generateBundle() {
      paintFirstFile = this.getFileName(paintFirstRef);
    },
    async closeBundle() {
      const clientDir = path.resolve(config.root, config.build.outDir);
      const serverDir = path.resolve(config.root, 'dist', 'prerender', path.basename(clientDir));
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: ENTRY, outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
      });
      const entry = path.join(serverDir, `${path.basename(ENTRY, '.tsx')}.js`);
      const module = (await import(pathToFileURL(entry).href)) as PrerenderModule;
      const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
      for (const { path: pathname, signedInAs } of module.PRERENDERED_PAGES) {
        const html = prerenderedDocument(
          shell,
          await module.prerenderPage(pathname),
          `${config.base}${paintFirstFile}`,
          signedInAs,
        );
        const file = path.join(clientDir, prerenderedFile(pathname));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, html);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
      }
      const paths = module.PRERENDERED_PAGES.map((page) => page.path);
      config.logger.info(`prerendered ${paths.join(', ')} into ${PAGES_DIR}/`);
    },
  };
}
