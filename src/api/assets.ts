/**
 * Where uploaded images load from (spec §7 "Avatar images load from the API host with the trailing
 * /api removed"; ARCHITECTURE.md §4 "API host").
 */

/** The API host without its trailing `/api` ('' when the API is on the same origin). */
export const ASSET_HOST = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/api\/?$/, '');

/** The URL of an image stored as a path under /uploads, or the URL itself when already absolute. */
export function assetUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${ASSET_HOST}${path}`;
}
