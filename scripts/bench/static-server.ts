/**
 * The yardstick of the feed delivery benchmark (feed-delivery.bench.ts forks it): @fastify/static
 * serving the directory argv[2] on 127.0.0.1 (random port), `name.gz` in place of `name` to
 * clients that accept gzip, as a static file server in front of pre-rendered feeds would.
 *
 * With argv[3] and argv[4], the app's address and an admin's access token, it also answers
 * `GET /api/users` as react-admin's `ra-data-simple-rest` expects (a JSON array and a Content-Range
 * header) from the app's users list (its first page, as many users as the `range` asks for;
 * filters and sorting ignored), so the pages bench's react-admin anchor can list the same users
 * over HTTP as the dashboard does.
 *
 * Import only its types: importing the module runs the server.
 *
 * IPC: sends one `StaticServerReady` when listening; on 'stop' (or when the parent goes away)
 * closes and exits.
 */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/** First message of the child: where the files are served. */
export interface StaticServerReady {
  type: 'ready';
  /** e.g. http://127.0.0.1:41234 */
  address: string;
}

async function main(): Promise<void> {
  const root = process.argv[2];
  if (!root) throw new Error('usage: static-server.ts <directory>');
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root, preCompressed: true });
  const [, , , upstream, accessToken] = process.argv;
  if (upstream && accessToken) {
    app.get('/api/users', async (request, reply) => {
      const range = JSON.parse((request.query as { range?: string }).range ?? '[0,9]') as [number, number];
      const limit = range[1] - range[0] + 1;
      const answer = await fetch(`${upstream}/api/backoffice/users?page=1&limit=${limit}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (!answer.ok) throw new Error(`the app's users list answered ${answer.status}`);
      const { users: data, total } = (await answer.json()) as {
        users: { id: number; first_name: string; last_name: string; email: string }[];
        total: number;
      };
      reply.header('content-range', `users 0-${data.length - 1}/${total}`);
      reply.header('access-control-expose-headers', 'Content-Range');
      return data.map(({ id, first_name, last_name, email }) => ({ id, first_name, last_name, email }));
    });
  }
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send?.({ type: 'ready', address } satisfies StaticServerReady);
}

await main();
