/**
 * The session's default actors (session-adapters.ts), each on its own against faked browser APIs:
 * the refresh under a Web Lock, the cross-tab sync over storage events and a BroadcastChannel, and
 * the screen wake lock. The session chart itself is tested with these replaced, in
 * session.machine.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import type { AnyEventObject } from 'xstate';
import { refreshTokens } from '@/api/auth';
import { tokensExpired } from '@test-support/api-errors';
import { settle } from '@test-support/deferred';
import { memoryStorage } from '@test-support/memory-storage';
import {
  LOGOUT_CHANNEL,
  TOKEN_REFRESH_LOCK,
  crossTabSyncLogic,
  refreshSessionLogic,
  screenWakeLockLogic,
} from './session-adapters';
import type { SessionTokens } from './session-adapters';

vi.mock('@/api/auth', () => ({ fetchProfile: vi.fn(), logout: vi.fn(), refreshTokens: vi.fn() }));

const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('refreshSessionLogic (default refresh actor)', () => {
  let items: Map<string, string>;
  let lockNames: string[];

  beforeEach(() => {
    const storage = memoryStorage();
    items = storage.items;
    items.set('access_token', 'access-1');
    items.set('refresh_token', 'refresh-1');
    lockNames = [];
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, _options: unknown, callback: () => Promise<unknown>) => {
          lockNames.push(name);
          return callback();
        },
      },
    });
  });

  function runRefresh(input: SessionTokens): Promise<SessionTokens> {
    const actor = createActor(refreshSessionLogic, { input }).start();
    return waitFor(actor, (s) => s.status !== 'active').then((s) => {
      if (s.status === 'error') throw s.error;
      return s.output as SessionTokens;
    });
  }

  it('spends the refresh token under the Web Lock and stores the new pair', async () => {
    vi.mocked(refreshTokens).mockResolvedValue({ access_token: 'a2', refresh_token: 'r2' });
    await expect(runRefresh(TOKENS)).resolves.toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(lockNames).toEqual([TOKEN_REFRESH_LOCK]);
    expect(refreshTokens).toHaveBeenCalledWith('refresh-1', expect.any(AbortSignal));
    expect(Object.fromEntries(items)).toEqual({ access_token: 'a2', refresh_token: 'r2' });
  });

  it('adopts the pair another tab already stored instead of calling the server', async () => {
    items.set('access_token', 'a-other');
    items.set('refresh_token', 'r-other');
    await expect(runRefresh(TOKENS)).resolves.toEqual({ accessToken: 'a-other', refreshToken: 'r-other' });
    expect(refreshTokens).not.toHaveBeenCalled();
  });

  it('fails when the tokens were cleared meanwhile', async () => {
    items.clear();
    await expect(runRefresh(TOKENS)).rejects.toThrow('The session was ended in another tab');
    expect(refreshTokens).not.toHaveBeenCalled();
  });

  it('fails when the server refuses', async () => {
    const error = tokensExpired();
    vi.mocked(refreshTokens).mockRejectedValue(error);
    await expect(runRefresh(TOKENS)).rejects.toBe(error);
    expect(items.get('refresh_token')).toBe('refresh-1');
  });

  it('works without the Web Locks API', async () => {
    vi.stubGlobal('navigator', {});
    vi.mocked(refreshTokens).mockResolvedValue({ access_token: 'a2', refresh_token: 'r2' });
    await expect(runRefresh(TOKENS)).resolves.toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(lockNames).toEqual([]);
  });
});

describe('crossTabSyncLogic (default cross-tab actor)', () => {
  class FakeChannel {
    static instances: FakeChannel[] = [];
    onmessage: ((message: MessageEvent<unknown>) => void) | null = null;
    posted: unknown[] = [];
    closed = false;
    constructor(readonly name: string) {
      FakeChannel.instances.push(this);
    }
    postMessage(data: unknown) {
      this.posted.push(data);
    }
    close() {
      this.closed = true;
    }
  }

  function setUp() {
    FakeChannel.instances = [];
    const storage = memoryStorage();
    const items = storage.items;
    const listeners = new Set<(event: StorageEvent) => void>();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    vi.stubGlobal('window', {
      addEventListener: (_type: string, listener: (event: StorageEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: StorageEvent) => void) =>
        listeners.delete(listener),
    });
    // A parent that records what the sync actor sends back.
    const received: AnyEventObject[] = [];
    const parent = createActor(
      setup({ actors: { crossTabSync: crossTabSyncLogic } }).createMachine({
        invoke: { id: 'crossTabSync', src: 'crossTabSync' },
        on: { '*': { actions: ({ event }) => received.push(event) } },
      }),
    ).start();
    const storageEvent = (key: string | null, isTrusted = true) => {
      for (const listener of listeners) listener({ key, isTrusted } as StorageEvent);
    };
    return { items, listeners, received, parent, storageEvent };
  }

  it('reports tokens stored and cleared by other tabs, ignoring same-tab and unrelated events', () => {
    const { items, received, storageEvent } = setUp();
    items.set('access_token', 'a2');
    items.set('refresh_token', 'r2');
    storageEvent('access_token');
    storageEvent('access_token', false);
    storageEvent('shopProducts');
    items.clear();
    storageEvent(null);
    expect(received).toEqual([
      { type: 'sync.tokensStored', accessToken: 'a2', refreshToken: 'r2' },
      { type: 'sync.tokensCleared' },
    ]);
  });

  it("reports a 'logout' broadcast and broadcasts this tab's logout on logout_channel", () => {
    const { received, parent, listeners } = setUp();
    const channel = FakeChannel.instances[0];
    expect(channel?.name).toBe(LOGOUT_CHANNEL);
    channel?.onmessage?.({ data: 'something else' } as MessageEvent<unknown>);
    channel?.onmessage?.({ data: 'logout' } as MessageEvent<unknown>);
    expect(received).toEqual([{ type: 'sync.logoutBroadcast' }]);

    parent.getSnapshot().children.crossTabSync?.send({ type: 'sync.broadcastLogout' });
    expect(channel?.posted).toEqual(['logout']);

    parent.stop();
    expect(channel?.closed).toBe(true);
    expect(listeners.size).toBe(0);
  });
});

describe('screenWakeLockLogic (default wake-lock actor)', () => {
  function setUp(visibility: 'visible' | 'hidden') {
    const doc = {
      visibilityState: visibility,
      listeners: new Set<() => void>(),
      addEventListener: (_type: string, listener: () => void) => doc.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => doc.listeners.delete(listener),
    };
    const sentinels: Array<{ release: ReturnType<typeof vi.fn> }> = [];
    const request = vi.fn(async () => {
      const sentinel = { release: vi.fn(async () => undefined) };
      sentinels.push(sentinel);
      return sentinel;
    });
    vi.stubGlobal('document', doc);
    vi.stubGlobal('navigator', { wakeLock: { request } });
    const changeVisibility = (state: 'visible' | 'hidden') => {
      doc.visibilityState = state;
      for (const listener of doc.listeners) listener();
    };
    return { doc, request, sentinels, changeVisibility };
  }

  it('holds a screen lock while visible, releases it when hidden and on stop', async () => {
    const { doc, request, sentinels, changeVisibility } = setUp('visible');
    const actor = createActor(screenWakeLockLogic).start();
    await settle();
    expect(request).toHaveBeenCalledWith('screen');
    changeVisibility('hidden');
    expect(sentinels[0]?.release).toHaveBeenCalledTimes(1);
    changeVisibility('visible');
    await settle();
    expect(request).toHaveBeenCalledTimes(2);
    actor.stop();
    expect(sentinels[1]?.release).toHaveBeenCalledTimes(1);
    expect(doc.listeners.size).toBe(0);
  });

  it('does not request while hidden, and releases a lock granted after stop', async () => {
    const { request, sentinels, changeVisibility } = setUp('hidden');
    const actor = createActor(screenWakeLockLogic).start();
    expect(request).not.toHaveBeenCalled();
    changeVisibility('visible');
    actor.stop();
    await settle();
    expect(sentinels[0]?.release).toHaveBeenCalledTimes(1);
  });

  it('does nothing without the Wake Lock API', () => {
    vi.stubGlobal('navigator', {});
    const actor = createActor(screenWakeLockLogic).start();
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
