/**
 * The verified-token cache of `verifyAccessToken` (issue 31): a token accepted once is not checked
 * by HMAC again, but still expires on time and is still refused under another secret. The tokens'
 * other refusals (forged, wrong audience, issuer, type or algorithm) are tests/api/guard.test.ts's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, InvalidAccessTokenError, signAccessToken, verifyAccessToken } from './jwt';

const CLAIMS = { userId: 4, familyId: 9, role: 1 };
const SIGNED_AT = new Date('2026-11-27T10:00:00.400Z');
const secretFilledWith = (byte: number) => new Uint8Array(32).fill(byte);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('verifyAccessToken on a token it accepted before', () => {
  it('returns its claims without checking the signature again', async () => {
    const secret = secretFilledWith(1);
    const token = await signAccessToken(secret, CLAIMS, SIGNED_AT);
    expect(await verifyAccessToken(secret, token, SIGNED_AT)).toEqual(CLAIMS);
    const hmac = vi.spyOn(crypto.subtle, 'verify');
    expect(await verifyAccessToken(secret, token, SIGNED_AT)).toEqual(CLAIMS);
    expect(hmac).not.toHaveBeenCalled();
  });

  it('refuses it from the second its expiry is reached, as jose does', async () => {
    const secret = secretFilledWith(2);
    const token = await signAccessToken(secret, CLAIMS, SIGNED_AT);
    const expiry = Math.floor(SIGNED_AT.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
    await verifyAccessToken(secret, token, SIGNED_AT);
    expect(await verifyAccessToken(secret, token, new Date(expiry * 1000 - 1))).toEqual(CLAIMS);
    await expect(verifyAccessToken(secret, token, new Date(expiry * 1000))).rejects.toThrow(
      InvalidAccessTokenError,
    );
  });

  it('refuses it under another secret', async () => {
    const secret = secretFilledWith(3);
    const token = await signAccessToken(secret, CLAIMS, SIGNED_AT);
    await verifyAccessToken(secret, token, SIGNED_AT);
    await expect(verifyAccessToken(secretFilledWith(4), token, SIGNED_AT)).rejects.toThrow(
      InvalidAccessTokenError,
    );
  });
});
