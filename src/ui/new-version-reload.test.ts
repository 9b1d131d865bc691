// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  entryScriptOf,
  newVersionReload,
  RELOADED_FOR_KEY,
  reloadOnFailedChunks,
  shouldReload,
  type NewVersionEnvironment,
} from './new-version-reload';

const OLD = '/assets/index-old.js';
const NEW = '/assets/index-new.js';

describe('shouldReload', () => {
  it.each([
    [OLD, NEW, null, true],
    [OLD, NEW, '/assets/index-older.js', true],
    [OLD, NEW, NEW, false],
    [OLD, OLD, null, false],
    [OLD, null, null, false],
    [null, NEW, null, false],
  ])('running %s, served %s, reloaded for %s: %s', (running, served, mark, expected) => {
    expect(shouldReload(running, served, mark)).toBe(expected);
  });
});

describe('entryScriptOf', () => {
  it("reads the entry script of Vite's index.html, not its module preloads", () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-CjsSAxsQ.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-Dss-ouuy.js">
      </head><body><div id="root"></div></body></html>`;
    expect(entryScriptOf(new DOMParser().parseFromString(html, 'text/html'))).toBe(
      '/assets/index-CjsSAxsQ.js',
    );
    expect(entryScriptOf(new DOMParser().parseFromString('<p>Bad gateway</p>', 'text/html'))).toBeNull();
  });

  it('reads the entry a prerendered page starts after its first paint, not the script that starts it', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/paint-first-DfYQ_MB6.js"
        data-app-entry="/assets/index-CjsSAxsQ.js" data-preload="/assets/react-Dss-ouuy.js"></script>
      </head><body><div id="root"><h1>Landing</h1></div></body></html>`;
    expect(entryScriptOf(new DOMParser().parseFromString(html, 'text/html'))).toBe(
      '/assets/index-CjsSAxsQ.js',
    );
  });
});

/** A tab running `OLD` whose server serves `served`, with session storage and a recording reload. */
function tab(served: () => Promise<string | null>, storage: Storage = sessionStorage) {
  const environment = {
    runningEntry: () => OLD,
    servedEntry: vi.fn(served),
    storage,
    reload: vi.fn(),
  } satisfies NewVersionEnvironment;
  return { environment, reload: newVersionReload(environment) };
}

describe('newVersionReload', () => {
  it('reloads once towards a new version, marking it, and never again towards the same one', async () => {
    sessionStorage.clear();
    const first = tab(async () => NEW);
    expect(await first.reload.check()).toBe(true);
    expect(first.environment.reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBe(NEW);
    expect(first.reload.isReloading()).toBe(true);

    // The page after the reload still runs OLD (a cache served the old index.html): no loop.
    const second = tab(async () => NEW);
    expect(await second.reload.check()).toBe(false);
    expect(second.environment.reload).not.toHaveBeenCalled();

    // A later deploy may reload once more.
    const third = tab(async () => '/assets/index-newer.js');
    expect(await third.reload.check()).toBe(true);
  });

  it('keeps the page when the server is unreachable or serves the running version', async () => {
    sessionStorage.clear();
    for (const served of [async () => null, async () => OLD]) {
      const { environment, reload } = tab(served);
      expect(await reload.check()).toBe(false);
      expect(environment.reload).not.toHaveBeenCalled();
    }
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();
  });

  it('does not reload when the mark cannot be stored (it could loop)', async () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    const { environment, reload } = tab(async () => NEW, refusing);
    expect(await reload.check()).toBe(false);
    expect(environment.reload).not.toHaveBeenCalled();
  });

  it('asks the server once for the failures that arrive while a check runs', async () => {
    sessionStorage.clear();
    let answer: (entry: string | null) => void = () => undefined;
    const { environment, reload } = tab(() => new Promise((resolve) => (answer = resolve)));
    const target = new EventTarget() as Window;
    const stop = reloadOnFailedChunks(target, reload);
    target.dispatchEvent(new Event('vite:preloadError'));
    target.dispatchEvent(new Event('vite:preloadError'));
    const fromScreen = reload.check();
    answer(OLD);
    expect(await fromScreen).toBe(false);
    expect(environment.servedEntry).toHaveBeenCalledTimes(1);
    stop();
    target.dispatchEvent(new Event('vite:preloadError'));
    expect(environment.servedEntry).toHaveBeenCalledTimes(1);
  });
});
