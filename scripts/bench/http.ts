import autocannon from 'autocannon';
import Fastify from 'fastify';

export interface Throughput {
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon for `seconds`; returns the mean requests per second. */
export async function measure(url: string, seconds: number, connections = 50): Promise<Throughput> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return { requestsPerSecond: result.requests.average, errors: result.errors, non2xx: result.non2xx };
}

/** A bare Fastify server answering `body` at `path`: the yardstick for public reads. */
export async function bareServer(path: string, body: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get(path, async () => body);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${address}${path}`, close: () => app.close() };
}
