// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientAnswering, errorResponse } from '@test-support/fake-fetch';
import { ApiError, NETWORK_FAILURE_MESSAGE } from './client';
import { downloadFile, filenameFromDisposition } from './download';
import { createFeedsCsvDownloader } from './feeds';

beforeEach(() => {
  localStorage.setItem('access_token', 'access-abc');
  localStorage.setItem('refresh_token', 'refresh-abc');
});
afterEach(() => {
  localStorage.clear();
});

/** A client's ky instance whose fetch answers with `response()` and records each request. */
function httpAnswering(response: () => Promise<Response>) {
  const { http, requests } = clientAnswering(response);
  return { http, seen: requests };
}

const refusal = () => errorResponse(400, 'Bad Request', 'sort: bad');

describe('downloadFile', () => {
  it('sends the search and the bearer token (in the header only), and names the file as the server does', async () => {
    const { http, seen } = httpAnswering(
      async () =>
        new Response('a,b\r\n', { headers: { 'Content-Disposition': 'attachment; filename="x-1.csv"' } }),
    );
    const file = await downloadFile(http, 'things/export.csv', { query: 'q', page: 2 }, 'things.csv');
    expect(file.filename).toBe('x-1.csv');
    expect(await file.blob.text()).toBe('a,b\r\n');
    const url = new URL(seen[0]?.url ?? '');
    expect(url.pathname).toBe('/api/backoffice/things/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: 'q', page: '2' });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer access-abc');
    expect(seen[0]?.url).not.toContain('access-abc');
  });

  it('falls back to the given name when the answer names none', async () => {
    const { http } = httpAnswering(async () => new Response('a\r\n'));
    expect((await downloadFile(http, 'things/export.csv', {}, 'things.csv')).filename).toBe('things.csv');
  });

  it("rejects with the status and the server's message of an ErrorResponse body", async () => {
    const { http } = httpAnswering(async () => refusal());
    const failure = await downloadFile(http, 'things/export.csv', {}, 'things.csv').catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'sort: bad',
      serverMessage: 'sort: bad',
    });
  });

  it('rejects with the status alone when the body is not an ErrorResponse', async () => {
    const { http } = httpAnswering(
      async () => new Response(JSON.stringify({ message: 'half' }), { status: 500 }),
    );
    const failure = await downloadFile(http, 'things/export.csv', {}, 'things.csv').catch((error) => error);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 500,
      message: 'Request failed with status 500',
      serverMessage: null,
    });
  });

  it('rejects as a network failure when there is no answer, and sends nothing without a token', async () => {
    const { http, seen } = httpAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await downloadFile(http, 'things/export.csv', {}, 'things.csv').catch((error) => error);
    expect(failure).toMatchObject({ kind: 'network', status: null, message: NETWORK_FAILURE_MESSAGE });
    localStorage.clear();
    const unauthorized = await downloadFile(http, 'things/export.csv', {}, 'things.csv').catch(
      (error) => error,
    );
    expect(unauthorized).toMatchObject({ kind: 'unauthorized' });
    expect(seen).toHaveLength(1);
  });
});

describe('downloadFeedsCsv', () => {
  it("asks for the list's trimmed search and sort, and keeps the server's message of a refusal", async () => {
    const { http, seen } = httpAnswering(async () => refusal());
    const failure = await createFeedsCsvDownloader(http)({ query: ' odd ', sort: 'name' }).catch(
      (error) => error,
    );
    expect(failure).toMatchObject({ kind: 'http', status: 400, serverMessage: 'sort: bad' });
    const url = new URL(seen[0]?.url ?? '');
    expect(url.pathname).toBe('/api/backoffice/feeds/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: 'odd', sort: 'name' });
  });
});

describe('filenameFromDisposition', () => {
  it('reads quoted and bare file names', () => {
    expect(filenameFromDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(filenameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(filenameFromDisposition('attachment; filename="orders-2026-11-01_to_2026-11-26.csv"')).toBe(
      'orders-2026-11-01_to_2026-11-26.csv',
    );
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
