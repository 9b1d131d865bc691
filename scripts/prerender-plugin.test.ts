// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { prerenderedDocument } from './prerender-plugin';

/** Vite's index.html as the build writes it: the entry script and its module preloads in the head. */
const SHELL = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Product Feed</title>
    <script type="module" crossorigin src="/assets/index-Cz3aKTS3.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Dss-ouuy.js">
    <link rel="modulepreload" crossorigin href="/assets/text-DkUktYF0.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const PAGE = '<style data-emotion="css 1x">.css-1x{color:teal}</style><h1 class="css-1x">Landing</h1>';

describe('prerenderedDocument', () => {
  const html = prerenderedDocument(SHELL, PAGE, '/assets/paint-first-DfYQ_MB6.js');
  const document = new DOMParser().parseFromString(html, 'text/html');

  it('runs only the script that starts the app after the first paint, handing it the entry and its preloads', () => {
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual(['/assets/paint-first-DfYQ_MB6.js']);
    expect(scripts[0]?.dataset).toMatchObject({
      appEntry: '/assets/index-Cz3aKTS3.js',
      preload: '/assets/react-Dss-ouuy.js /assets/text-DkUktYF0.js',
    });
    expect(document.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
  });

  it('puts the page in the root element, its styles in the head, and holds the paint until the page is parsed', () => {
    expect(document.getElementById('root')?.innerHTML).toBe('<h1 class="css-1x">Landing</h1>');
    const style = document.head.querySelector('style[data-emotion="css 1x"]');
    expect(style?.textContent).toBe('.css-1x{color:teal}');
    // Emotion's mark of a server-rendered style it need not move (@emotion/cache's createCache).
    expect(style?.getAttribute('data-s')).toBe('');
    const hold = document.head.querySelector('link[rel=expect]');
    expect(hold?.getAttribute('blocking')).toBe('render');
    expect(document.querySelector(hold?.getAttribute('href') ?? '#none')?.previousElementSibling?.id).toBe(
      'root',
    );
  });

  it('marks a page drawn for a signed-in role with that role, and no other page', () => {
    const dashboard = prerenderedDocument(SHELL, PAGE, '/p.js', 1);
    const root = new DOMParser().parseFromString(dashboard, 'text/html').getElementById('root');
    expect(root?.getAttribute('data-signed-in-as')).toBe('1');
    expect(document.getElementById('root')?.hasAttribute('data-signed-in-as')).toBe(false);
  });

  it('refuses a shell without an empty root element or an entry script', () => {
    expect(() => prerenderedDocument(SHELL.replace('<div id="root"></div>', ''), PAGE, '/p.js')).toThrow(
      'no empty <div id="root"></div>',
    );
    expect(() => prerenderedDocument(SHELL.replace(/<script[^>]*><\/script>/, ''), PAGE, '/p.js')).toThrow(
      'no module entry script',
    );
  });
});
