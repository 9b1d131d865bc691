/**
 * The API host and the URLs of uploaded files (ARCHITECTURE.md §4 "API host"; spec §7 "Avatar
 * images load from the API host with the trailing /api removed").
 */

/**
 * `VITE_API_URL`, or '/api' (same origin). `import.meta.env` exists only in code Vite or Vitest
 * loaded; Playwright also loads the machines (to generate the UI model paths) and has none.
 */
export const API_URL: string = (import.meta as Partial<ImportMeta>).env?.VITE_API_URL ?? '/api';

/**
 * The URL of an uploaded file from its stored path (e.g. '/uploads/avatars/7.webp'): the API host
 * with its trailing `/api` removed, then the path. Absolute URLs are returned unchanged.
 */
export function uploadUrl(storedPath: string, apiUrl: string = API_URL): string {
  if (/^https?:\/\//i.test(storedPath)) return storedPath;
  const host = apiUrl.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${host}${storedPath.startsWith('/') ? '' : '/'}${storedPath}`;
}
