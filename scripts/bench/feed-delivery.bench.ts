/**
 * Feed delivery throughput (issue 4, "Performance"): requests per second for a 1,000-product feed
 * as JSON and as XML at 50 connections, each without and with If-None-Match (304 answers), on
 * in-memory PGlite on 127.0.0.1. Every request counts one pull against the token, as in production.
 */
import autocannon from 'autocannon';
import { startFeedBenchApp } from './feed-app';

const CONNECTIONS = 50;
const SECONDS = 8;

async function run(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Prints one line per case: requests/s, latency p50/p99 in ms, and non-2xx/3xx counts. */
export default async function feedDeliveryBench(): Promise<void> {
  const bench = await startFeedBenchApp({ productCount: 1000, feedSize: 1000 });
  try {
    for (const format of ['json', 'xml'] as const) {
      const url = `${bench.url}/api/feed/v1/feeds/${bench.feedId}.${format}`;
      const authorization = `Bearer ${bench.apiToken}`;
      const first = await fetch(url, { headers: { authorization } });
      const etag = first.headers.get('etag') ?? '';
      const bytes = (await first.arrayBuffer()).byteLength;
      const full = await run(url, { authorization });
      const cached = await run(url, { authorization, 'if-none-match': etag });
      console.log(
        `${format.toUpperCase()} (1,000 products, ${Math.round(bytes / 1024)} KiB), ${CONNECTIONS} connections, ${SECONDS} s each:`,
      );
      console.log(
        `  200 full body:       ${full.rps} req/s, p50 ${full.p50} ms, p99 ${full.p99} ms, errors ${full.errors}`,
      );
      console.log(
        `  304 If-None-Match:   ${cached.rps} req/s, p50 ${cached.p50} ms, p99 ${cached.p99} ms, errors ${cached.errors}`,
      );
    }
  } finally {
    await bench.close();
  }
}
