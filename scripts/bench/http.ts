import autocannon from 'autocannon';

export interface Throughput {
  requestsPerSecond: number;
  /** Answers received in the run. */
  requests: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon for `seconds` from this process (neither server's); returns the
 * mean requests per second. Requests say they accept compression, as a browser's do. */
export async function measure(url: string, seconds: number, connections = 50): Promise<Throughput> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' },
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The exact bytes the app answers a browser-like GET with, for the yardstick to send back. */
/** Headers the yardstick leaves to its own server: hop-by-hop ones, the date and the length. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'content-encoding']);

export async function capture(url: string): Promise<{
  status: number;
  contentType: string;
  contentEncoding?: string;
  /** The app's other headers (security, caching), for the yardstick that sends them too. */
  headers: Record<string, string>;
  body: string;
}> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? 'application/octet-stream'),
          ...(res.headers['content-encoding'] ? { contentEncoding: String(res.headers['content-encoding']) } : {}),
          headers: Object.fromEntries(
            Object.entries(res.headers)
              .filter(([name]) => !OWN_HEADERS.has(name))
              .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
          ),
          body: Buffer.concat(chunks).toString('base64'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
