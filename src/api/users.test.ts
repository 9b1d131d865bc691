// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientAnswering, errorResponse } from '@test-support/fake-fetch';
import { ApiError, NETWORK_FAILURE_MESSAGE } from './client';
import { createUsersCsvDownloader } from './users';

const CSV = 'id,first_name\n2,Grace\n';

beforeEach(() => {
  localStorage.setItem('access_token', 'access-abc');
  localStorage.setItem('refresh_token', 'refresh-abc');
});
afterEach(() => {
  localStorage.clear();
});

/** A downloader on a client whose fetch answers with `response()` and records each request. */
function downloaderAnswering(response: () => Promise<Response>) {
  const { http, requests } = clientAnswering(response);
  return { download: createUsersCsvDownloader(http), seen: requests };
}

describe('downloadUsersCsv', () => {
  it("asks for the list's filters with the bearer token in the header, and names the file as the server does", async () => {
    const { download, seen } = downloaderAnswering(
      async () =>
        new Response(CSV, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="users-2026-11-23.csv"',
          },
        }),
    );
    const file = await download({
      query: 'grace',
      status: [2],
      sort: { column: 'orders', descending: true },
    });
    expect(file.filename).toBe('users-2026-11-23.csv');
    expect(await file.blob.text()).toBe(CSV);
    const request = seen[0]!;
    expect(request.headers.get('Authorization')).toBe('Bearer access-abc');
    const url = new URL(request.url);
    expect(url.pathname).toBe('/api/backoffice/users/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: 'grace', status: '2', sort: '-orders' });
    expect(request.url).not.toContain('access-abc');
  });

  it('leaves default filters out of the URL', async () => {
    const { download, seen } = downloaderAnswering(async () => new Response(CSV));
    const file = await download({ query: '', status: [], sort: null });
    expect(file.filename).toBe('users.csv');
    expect(new URL(seen[0]!.url).search).toBe('');
  });

  it("rejects with the HTTP status and the server's message of a refused request", async () => {
    const { download } = downloaderAnswering(async () => errorResponse(400, 'Bad Request', 'sort: bad'));
    const failure = await download({ query: '', status: [], sort: null }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 400, serverMessage: 'sort: bad' });
  });

  it('a failure without an answer is the network failure', async () => {
    const { download } = downloaderAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await download({ query: '', status: [], sort: null }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'network', message: NETWORK_FAILURE_MESSAGE });
  });
});
