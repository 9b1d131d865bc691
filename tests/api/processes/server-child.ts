/**
 * A server process for tests that cross a process boundary (see ./server-processes.ts): configured
 * from its environment like `npm start`, listening on a free loopback port, which it reports to its
 * parent over IPC as `{ url }`. It stops when the parent disconnects.
 */
import { loadConfig } from '../../../server/config';
import { startServer } from '../../../server/main';

const server = await startServer(loadConfig(), 0);
const address = server.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.send?.({ url: `http://127.0.0.1:${port}` });
process.on('disconnect', () => {
  void server.close().then(() => process.exit(0));
});
