/**
 * The yardstick of the feed delivery benchmark (feed-delivery.bench.ts forks it): @fastify/static
 * serving the directory argv[2] on 127.0.0.1 (random port), `name.gz` in place of `name` to
 * clients that accept gzip, as a static file server in front of pre-rendered feeds would.
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
