// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientAnswering, errorResponse } from '@test-support/fake-fetch';
import { ApiError } from './client';
import { createReportDownloader } from './dashboard';

const PDF = '%PDF-1.3 test';

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
  return { downloadReport: createReportDownloader(http), seen: requests };
}

describe('downloadReport', () => {
  it('sends the bearer token in the header only and names the file as the server does', async () => {
    const { downloadReport, seen } = downloaderAnswering(
      async () =>
        new Response(PDF, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="transactions-report-2025-05-26-to-2025-06-02.pdf"',
          },
        }),
    );
    const file = await downloadReport({
      kind: 'transactions',
      status: [1, 3],
      start_date: '2025-05-26',
      end_date: '2025-06-02',
    });
    expect(file.filename).toBe('transactions-report-2025-05-26-to-2025-06-02.pdf');
    expect(await file.blob.text()).toBe(PDF);
    const request = seen[0];
    expect(request?.headers.get('Authorization')).toBe('Bearer access-abc');
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe('/api/backoffice/dashboard/transactions/report');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: '1,3',
      start_date: '2025-05-26',
      end_date: '2025-06-02',
    });
    expect(request?.url).not.toContain('access-abc');
  });

  it('rejects with the HTTP status of a failed answer', async () => {
    const { downloadReport } = downloaderAnswering(async () => new Response('{}', { status: 403 }));
    const failure = await downloadReport({ kind: 'orders', start_date: '', end_date: '' }).catch(
      (error) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 403 });
  });

  it("keeps the server's message of a refused request", async () => {
    const { downloadReport } = downloaderAnswering(async () =>
      errorResponse(400, 'Bad Request', 'Query string: end_date must not be before start_date'),
    );
    const failure = await downloadReport({
      kind: 'orders',
      start_date: '2025-06-02',
      end_date: '2025-06-01',
    }).catch((error) => error);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 400,
      serverMessage: 'Query string: end_date must not be before start_date',
    });
  });

  it('downloads the CSV export of the same filters with format csv', async () => {
    const { downloadReport, seen } = downloaderAnswering(
      async () =>
        new Response('Transaction\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="transactions-2025-06-02.csv"',
          },
        }),
    );
    const file = await downloadReport({
      kind: 'transactions',
      format: 'csv',
      status: [2],
      start_date: '2025-05-26',
      end_date: '',
    });
    expect(file.filename).toBe('transactions-2025-06-02.csv');
    const url = new URL(seen[0]?.url ?? '');
    expect(url.pathname).toBe('/api/backoffice/dashboard/transactions/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: '2', start_date: '2025-05-26' });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer access-abc');
  });

  it('rejects as a network failure when there is no answer', async () => {
    const { downloadReport } = downloaderAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await downloadReport({ kind: 'orders', start_date: '', end_date: '' }).catch(
      (error) => error,
    );
    expect(failure).toMatchObject({ kind: 'network', status: null });
  });
});
