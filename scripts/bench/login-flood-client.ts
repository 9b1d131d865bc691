/**
 * The flood half of the login-flood benchmark (login-flood.bench.ts forks it): `argv[3]`
 * connections POST /login to `argv[2]` for `argv[4]` seconds with an unknown email each time, each
 * request from a new random address as a load balancer would report it (`X-Forwarded-For`), so no
 * per-address limit ever applies. Running apart from the bench keeps the flood off the event loop
 * that times the real sign-ins.
 *
 * Import only its types: importing the module runs the flood.
 *
 * IPC: sends one `FloodDone` when the time is up, then exits.
 */
import { randomInt } from 'node:crypto';
import autocannon from 'autocannon';

/** What the flood got back. */
export interface FloodDone {
  type: 'done';
  /** Answers per HTTP status. */
  statuses: Record<string, number>;
  /** Answers per second, averaged over the run. */
  perSecond: number;
  /** Connection errors and timeouts. */
  errors: number;
}

const [url = '', connections = '16', seconds = '30'] = process.argv.slice(2);

/** A random IPv4 address outside the private, loopback and multicast blocks (first octet 11-126, 128-171, 193-223). */
function randomAddress(): string {
  const first = [randomInt(11, 127), randomInt(128, 172), randomInt(193, 224)][randomInt(0, 3)];
  return `${first}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

const result = await new Promise<autocannon.Result>((resolve, reject) => {
  autocannon(
    {
      url: `${url}/api/backoffice/login`,
      connections: Number(connections),
      duration: Number(seconds),
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              'x-forwarded-for': randomAddress(),
            },
            body: JSON.stringify({ email: `flood${randomInt(1e9)}@example.net`, password: 'Guess-123!' }),
          }),
        },
      ],
    },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  );
});

const statuses: Record<string, number> = {};
for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = count ?? 0;
process.send?.({
  type: 'done',
  statuses,
  perSecond: Math.round(result.requests.average),
  errors: result.errors + result.timeouts,
} satisfies FloodDone);
process.disconnect?.();
