import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { TEST_API_PREFIX, clientAnswering, errorResponse, jsonResponse } from '@test-support/fake-fetch';
import { memoryStorage } from '@test-support/memory-storage';
import { ApiError, parseRetryAfter } from './client';
import { TokenPair } from './schemas/auth';
import {
  clearStoredTokens,
  getAccessToken,
  getRefreshToken,
  getStoredTokens,
  setStoredTokens,
} from './tokens-storage';

const Thing = v.object({ id: v.number() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tokens storage', () => {
  it('stores, reads and clears both tokens under the spec keys', () => {
    setStoredTokens({ accessToken: 'a1', refreshToken: 'r1' });
    expect(localStorage.getItem('access_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(getStoredTokens()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    clearStoredTokens();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(getStoredTokens()).toBeNull();
  });

  it("treats the literal text 'undefined' and the empty string as missing", () => {
    localStorage.setItem('access_token', 'undefined');
    localStorage.setItem('refresh_token', 'r1');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBe('r1');
    expect(getStoredTokens()).toBeNull();
    localStorage.setItem('access_token', '');
    expect(getAccessToken()).toBeNull();
  });
});

describe('request', () => {
  it('sends the stored access token as bearer and parses the answer with the schema', async () => {
    setStoredTokens({ accessToken: 'stored-access', refreshToken: 'stored-refresh' });
    const { request, requests } = clientAnswering(() => jsonResponse({ id: 7, extra: 'dropped' }));
    await expect(request(Thing, 'get', 'things/7', { searchParams: { page: 2 } })).resolves.toEqual({
      id: 7,
    });
    expect(requests[0]?.url).toBe(`${TEST_API_PREFIX}/things/7?page=2`);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer stored-access');
  });

  it('sends an explicit token instead of the stored one, and the refresh token in refresh mode', async () => {
    setStoredTokens({ accessToken: 'stored-access', refreshToken: 'stored-refresh' });
    const { request, requests } = clientAnswering(() => jsonResponse({ id: 1 }));
    await request(Thing, 'post', 'x', { token: 'explicit' });
    await request(Thing, 'post', 'x', { auth: 'refresh' });
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer explicit',
      'Bearer stored-refresh',
    ]);
  });

  it('sends JSON bodies and no Authorization header when auth is none', async () => {
    const { request, requests } = clientAnswering(() => jsonResponse({ id: 1 }));
    await request(Thing, 'post', 'login', { auth: 'none', json: { email: 'a@b.co' } });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.headers.get('Content-Type')).toContain('application/json');
    await expect(requests[0]?.json()).resolves.toEqual({ email: 'a@b.co' });
  });

  it("fails with 'Unauthorized' without sending when no usable token is stored", async () => {
    localStorage.setItem('access_token', 'undefined');
    const { request, fetch: fetchStub } = clientAnswering(() => jsonResponse({ id: 1 }));
    const error = await failure(request(Thing, 'get', 'account/profile'));
    expect(error.message).toBe('Unauthorized');
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBeNull();
    const refreshError = await failure(request(Thing, 'post', 'token-refresh', { auth: 'refresh' }));
    expect(refreshError.message).toBe('Unauthorized');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("maps 401 on a call that sent a token to 'Tokens expired'", async () => {
    const { request } = clientAnswering(() => errorResponse(401, 'Unauthorized', 'Token has expired'));
    const error = await failure(request(Thing, 'get', 'account/profile', { token: 'old' }));
    expect(error.message).toBe('Tokens expired');
    expect(error.kind).toBe('tokens-expired');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Token has expired');
  });

  it("keeps the server's message for 401 on a call without a token (login)", async () => {
    const { request } = clientAnswering(() =>
      errorResponse(401, 'Unauthorized', 'Invalid username or password'),
    );
    const error = await failure(request(TokenPair, 'post', 'login', { auth: 'none' }));
    expect(error.message).toBe('Invalid username or password');
    expect(error.kind).toBe('http');
    expect(error.status).toBe(401);
  });

  it('carries status, server message and Retry-After seconds of other non-OK answers', async () => {
    const { request } = clientAnswering(() =>
      errorResponse(429, 'Too Many Requests', 'Slow down', { 'Retry-After': '42' }),
    );
    const error = await failure(request(TokenPair, 'post', 'login', { auth: 'none' }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 429,
      message: 'Slow down',
      serverMessage: 'Slow down',
      retryAfterSeconds: 42,
    });
  });

  it('names the status when the error body is not an ErrorResponse', async () => {
    const { request } = clientAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(request(Thing, 'get', 'x', { auth: 'none' }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      serverMessage: null,
      retryAfterSeconds: null,
      message: 'Request failed with status 502',
    });
  });

  it("throws 'Unexpected response from the server' when the body does not match the schema", async () => {
    const { request } = clientAnswering(() => jsonResponse({ access_token: 'a' }));
    const error = await failure(request(TokenPair, 'post', 'login', { auth: 'none' }));
    expect(error).toMatchObject({
      kind: 'unexpected-response',
      status: 200,
      message: 'Unexpected response from the server',
    });
    expect(error.cause).toBeInstanceOf(v.ValiError);
  });

  it("throws 'Unexpected response from the server' when the body is not JSON", async () => {
    const { request } = clientAnswering(() => new Response('not json', { status: 200 }));
    const error = await failure(request(Thing, 'get', 'x', { auth: 'none' }));
    expect(error.kind).toBe('unexpected-response');
  });

  it('maps a failed fetch to a network ApiError without status', async () => {
    const { request } = clientAnswering(() => Promise.reject(new TypeError('fetch failed')));
    const error = await failure(request(Thing, 'get', 'x', { auth: 'none' }));
    expect(error).toMatchObject({ kind: 'network', status: null, message: 'Could not reach the server' });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('rethrows an abort unchanged', async () => {
    const controller = new AbortController();
    const { request } = clientAnswering(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(
      request(Thing, 'get', 'x', { auth: 'none', signal: controller.signal }),
    ).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and rejects garbage', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
