/**
 * `npm run dev`: the API process on API_PORT (default 3001) plus Vite's dev server with HMR on PORT
 * (default 3000), which proxies /api and /uploads to the API (vite.config.ts).
 */
import { createServer } from 'vite';
import { closeOnSignals, loadConfigOrExit, printDemoCredentials, runOrExit, startServer } from './main';

await runOrExit(async () => {
  const config = loadConfigOrExit();
  const api = await startServer(config, config.apiPort);
  console.log(`API listening at ${api.url}`);
  const vite = await createServer({ server: { host: config.host, port: config.port, strictPort: true } });
  try {
    await vite.listen();
  } catch (error) {
    // Port taken: release the API (and the PGlite lock) before reporting it.
    await vite.close();
    await api.close();
    throw error;
  }
  closeOnSignals([() => vite.close(), api.close]);
  vite.printUrls();
  if (api.demo) printDemoCredentials();
});
