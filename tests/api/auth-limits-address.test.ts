/**
 * Which client the login limits count (issue 27, "Client address"): behind one trusted proxy the
 * address that proxy appended, whatever the client wrote before it; an IPv6 client as its /64. A
 * 401 is a checked password (attempts are counted before the check), a 429 is not.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FIXTURE_PASSWORD } from './helpers';
import type { TestApp } from './helpers';

const WRONG = 'Wrong-pass1';
const LOAD_BALANCER = '10.27.0.2';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: { hops: 1 } });
});
afterAll(async () => {
  await t.close();
});

function login(
  password: string,
  remoteAddress: string,
  forwardedFor?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    payload: { email: t.users.admin.email, password },
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

describe('client address behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('counts the address the proxy appended: 30 guesses with client-written entries check 5, then the right password is refused', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 30; guess++) {
      // What a client writes arrives first; the load balancer appends the address it saw.
      const forged = `198.51.100.${guess}, 2001:db8::${guess}`;
      statuses.push((await login(WRONG, LOAD_BALANCER, `${forged}, 203.0.113.27`)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    const right = await login(FIXTURE_PASSWORD, LOAD_BALANCER, '192.0.2.1, 203.0.113.27');
    expect(right.statusCode).toBe(429);

    // Another client behind the same proxy is counted apart.
    expect((await login(FIXTURE_PASSWORD, LOAD_BALANCER, '203.0.113.28')).statusCode).toBe(200);
  });
});

describe('IPv6 clients', () => {
  it('counts one /64 as one client: 30 guesses from rotating addresses check 5, then the right password is refused', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 30; guess++) {
      const address = `2001:db8:27:1:${((guess * 7919) % 65536).toString(16)}:${guess.toString(16)}:beef:${guess + 1}`;
      statuses.push((await login(WRONG, address)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    expect((await login(FIXTURE_PASSWORD, '2001:db8:27:1::1')).statusCode).toBe(429);

    expect((await login(FIXTURE_PASSWORD, '2001:db8:27:2::1')).statusCode).toBe(200);
  });
});
