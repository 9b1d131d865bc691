import { describe, expect, it } from 'vitest';
import { refreshClient } from './refresh-client';

describe('refreshClient', () => {
  it('keeps a digest of the User-Agent keyed by the secret, never the header', () => {
    const secret = new Uint8Array(32).fill(7);
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';
    const client = refreshClient(secret, '203.0.113.7', agent);
    expect(client.agentHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client.agentHash).not.toBe(refreshClient(new Uint8Array(32), '203.0.113.7', agent).agentHash);
  });
});
