// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@test-support/deferred';
import { codeOnFirstUse } from './on-first-use';

describe('codeOnFirstUse', () => {
  it('downloads nothing until asked, then once however often asked, and renders the module when it arrives', async () => {
    const download = deferred<{ name: string }>();
    const load = vi.fn(() => download.promise);
    const store = codeOnFirstUse(load);
    const { result } = renderHook(() => store.useCode());
    expect(load).not.toHaveBeenCalled();

    const first = store.request();
    const second = store.request();
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();

    await act(async () => download.resolve({ name: 'menus' }));
    expect(result.current).toEqual({ name: 'menus' });
    expect(await first).toBe(await second);
    await store.request();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects with the failure and downloads again on the next request', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce({ name: 'menus' });
    const store = codeOnFirstUse(load);
    const { result } = renderHook(() => store.useCode());

    await expect(store.request()).rejects.toBe(failure);
    expect(result.current).toBeNull();
    await act(() => store.request());
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ name: 'menus' });
  });
});
