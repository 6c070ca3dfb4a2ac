/**
 * The benchmark's yardstick, run as its own process by scripts/bench.ts: a bare Fastify server
 * (no logging, no hooks) answering each path with the exact bytes, content type and encoding the
 * app gave to a browser-like request. With --with-headers it also sends the app's other headers
 * (security and caching): the difference between the two yardsticks is what those bytes cost.
 *   node scripts/bench/bare-server.ts <fixtures.json> <port> [--with-headers]
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface Fixture {
  contentType: string;
  contentEncoding?: string;
  /** base64 of the bytes the app sent */
  body: string;
  headers: Record<string, string>;
}

const [file, port, flag] = process.argv.slice(2);
const withHeaders = flag === '--with-headers';
if (!file || !port) throw new Error('usage: bare-server.ts <fixtures.json> <port>');
const fixtures = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Fixture>;
const app = Fastify({ logger: false });
// a path may be measured with several queries (the results' ?slope_id=): one route per path,
// answering each address with its own fixture
const byPath = new Map<string, Map<string, { fixture: Fixture; bytes: Buffer }>>();
for (const [address, fixture] of Object.entries(fixtures)) {
  const path = address.split('?')[0] ?? address;
  const answers = byPath.get(path) ?? new Map();
  answers.set(address, { fixture, bytes: Buffer.from(fixture.body, 'base64') });
  byPath.set(path, answers);
}
for (const [path, answers] of byPath) {
  app.get(path, (request, reply) => {
    const found = answers.get(request.url);
    if (!found) return reply.status(404).send();
    void reply.type(found.fixture.contentType);
    if (found.fixture.contentEncoding) void reply.header('content-encoding', found.fixture.contentEncoding);
    if (withHeaders) void reply.headers(found.fixture.headers);
    return reply.send(found.bytes);
  });
}
app.get('/__ready', async () => 'ok');
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
