/**
 * `npm run bench`: the performance budgets of DESIGN.md, measured as ratios on this machine.
 *
 * Public reads: the real app (embedded database, demo data) against a bare Fastify route that
 * returns the same JSON; the budget is at least half the bare route's requests per second. Each
 * pair is measured twice in alternating order and the better run of each side is kept, so a
 * noisy moment does not decide the ratio. Later issues add their reads, the entry rush and the
 * season's points to the list below.
 */
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { bareServer, measure } from './bench/http.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface ReadCase {
  name: string;
  path: string;
  /** The app must reach at least this share of the bare route's throughput. */
  budget: number;
}

const PUBLIC_READS: ReadCase[] = [
  { name: 'events list', path: '/api/v1/products/', budget: 0.5 },
  { name: 'upcoming events', path: '/api/v1/latest-products/', budget: 0.5 },
  { name: 'FAQs', path: '/api/v1/faqs/', budget: 0.5 },
  { name: 'maintenance status', path: '/api/v1/maintenance/status/', budget: 0.5 },
];

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: 'none',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  await seedDemo(app.ctx);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  let failed = false;
  console.log(`Public reads (${SECONDS}s each, 50 connections; budget: app ≥ ratio × bare Fastify)\n`);
  for (const read of PUBLIC_READS) {
    const body = (await app.inject({ method: 'GET', url: read.path })).json();
    const bare = await bareServer(read.path, body);
    const appRuns: number[] = [];
    const bareRuns: number[] = [];
    for (let round = 0; round < 2; round++) {
      const order = round === 0 ? ['app', 'bare'] : ['bare', 'app'];
      for (const side of order) {
        const r = await measure(side === 'app' ? `${base}${read.path}` : bare.url, SECONDS);
        if (r.errors || r.non2xx) throw new Error(`${read.name} (${side}): ${r.errors} errors, ${r.non2xx} non-2xx`);
        (side === 'app' ? appRuns : bareRuns).push(r.requestsPerSecond);
      }
    }
    await bare.close();
    const appBest = Math.max(...appRuns);
    const bareBest = Math.max(...bareRuns);
    const ratio = appBest / bareBest;
    const ok = ratio >= read.budget;
    failed ||= !ok;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${read.name.padEnd(24)} app ${appBest.toFixed(0).padStart(7)} req/s   bare ${bareBest
        .toFixed(0)
        .padStart(7)} req/s   ratio ${ratio.toFixed(2)} (budget ≥ ${read.budget})`,
    );
  }
  await app.close();
  if (failed) process.exitCode = 1;
}

void main();
