/**
 * Feed calls of the /backoffice contract (spec §7 /feeds, /feeds/{feedId}, /feeds/create; issue 12
 * /feeds/{feedId}/diagnostics; issue 15 /feeds/export.csv).
 */
import type { KyInstance } from 'ky';
import { createApiClient, request } from './client';
import { downloadFile } from './download';
import type { ReportFile } from './download';
import type { FeedsExportQuery } from './schemas/feed-list';
import { FeedDiagnostics } from './schemas/feed-diagnostics';
import { FeedDetail, FeedList } from './schemas/feeds';
import type { FeedSaveRequest } from './schemas/feeds';

/**
 * GET /feeds: every feed with brands, product count and customer figures; customer `userId`'s only
 * when given (`?user_id=`).
 * @throws ApiError ('Unauthorized' without a token, 'Tokens expired' on 401, the server's message otherwise)
 */
export function fetchFeeds(signal?: AbortSignal, userId?: number): Promise<FeedList> {
  const searchParams = userId === undefined ? undefined : { user_id: userId };
  return request(FeedList, 'get', 'feeds', { signal, searchParams });
}

/**
 * GET /feeds/{feedId}: name, user_id and product ids.
 * @throws ApiError with status 404 ('Feed not found') for an unknown id, and as fetchFeeds
 */
export function fetchFeed(feedId: number, signal?: AbortSignal): Promise<FeedDetail> {
  return request(FeedDetail, 'get', `feeds/${feedId}`, { signal });
}

/**
 * POST /feeds/create with `{name, products, user_id}`; resolves to the created feed.
 * @throws ApiError with status 400 (the message names the field or lists unknown product ids)
 */
export function createFeed(feed: FeedSaveRequest, signal?: AbortSignal): Promise<FeedDetail> {
  return request(FeedDetail, 'post', 'feeds/create', { json: feed, signal });
}

/**
 * PUT /feeds/{feedId} with `{name, products, user_id}`; resolves to the saved feed.
 * @throws ApiError with status 404 for an unknown feed, 400 as createFeed
 */
export function updateFeed(feedId: number, feed: FeedSaveRequest, signal?: AbortSignal): Promise<FeedDetail> {
  return request(FeedDetail, 'put', `feeds/${feedId}`, { json: feed, signal });
}

/**
 * GET /feeds/{feedId}/diagnostics (issue 12): what the saved feed delivers now, what it leaves out
 * and why, warnings, validator errors, its three URLs and a preview (prices in minor units of
 * `currency`, after the customer's discount).
 * @throws ApiError with status 404 ('Feed not found') for an unknown id, and as fetchFeeds
 */
export function fetchFeedDiagnostics(feedId: number, signal?: AbortSignal): Promise<FeedDiagnostics> {
  return request(FeedDiagnostics, 'get', `feeds/${feedId}/diagnostics`, { signal });
}

/** Downloads the feeds list as CSV; see {@link downloadFeedsCsv}. */
export type FeedsCsvDownloader = (query: FeedsExportQuery, signal?: AbortSignal) => Promise<ReportFile>;

/**
 * Builds the CSV downloader on a client's ky instance (its hook adds the bearer token), through
 * `downloadFile` (./download.ts) like every report and export; a refusal carries the server's reason
 * (`serverMessage`). Tests pass one built with `createApiClient({ prefixUrl, fetch })`.
 */
export function createFeedsCsvDownloader(http: KyInstance): FeedsCsvDownloader {
  return (query, signal) => {
    const search = query.query.trim();
    return downloadFile(
      http,
      'feeds/export.csv',
      { ...(search === '' ? {} : { query: search }), sort: query.sort },
      'feeds.csv',
      signal,
    );
  };
}

/**
 * GET /feeds/export.csv (issue 15) as a file, with the app's client: the feeds list's search and
 * sort, so the file holds what the table shows. The bearer token goes in the Authorization header.
 * @throws ApiError kind 'http' with `status` (and the server's message) on a non-OK answer;
 *   'network' without an answer; 'unauthorized' when no token is stored
 */
export const downloadFeedsCsv: FeedsCsvDownloader = createFeedsCsvDownloader(createApiClient().http);
