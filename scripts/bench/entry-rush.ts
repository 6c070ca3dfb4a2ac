/**
 * The entry rush (issue 9; DESIGN.md budgets): 1,000 bookers at once for the last 150 places of a
 * paid race, through the calls the browser makes: the cart, the payment start (which holds the
 * places), the card confirmed at the Stripe stand-in (the browser's part), then Stripe's signed
 * webhook and the client's own booking call, both sent, in either order. The app runs as deployed
 * (production mode, its own process, the real Stripe SDK pointed at the stand-in in a third
 * process); the bookers' sessions are made directly in the database before it starts, as a
 * thousand sign-ins from one address would meet the sign-in limits. Meanwhile visitors read the
 * events list as fast as they can, to show what the rush does to it.
 *
 * With two instances behind nginx on one PostgreSQL (issue 25), the browser's calls go through
 * nginx and each booker's webhook and client confirmation straight to different instances.
 *
 * Reported: time to settle (first request to last answer, every place accounted for: 150 booked,
 * every other attempt refused and nothing left held), places sold, answers by status, p50/p99
 * latency, the app's CPU per booker (both processes' with two instances), the events list's
 * requests per second during the rush, and with two instances the NOTIFY delay (an edit through
 * one, read through the other).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Booker } from '../../src/server/payments/test-support.ts';
import {
  cartNote,
  type PreparedRush,
  prepareRush,
  RUSH_EVENT,
  type RushRoutes,
  readsFull,
  rushAgent,
  rushBooker,
  startStandInProcess,
  timedFetch,
} from '../../src/server/test/entry-rush.ts';
import { startNginx } from '../../src/server/test/nginx.ts';
import { median } from './http.ts';
import { cpuSeconds, freshPostgres, machineBusySeconds, type ServerProcess, startApp } from './processes.ts';

export const BOOKERS = Number(process.env.BENCH_RUSH_BOOKERS ?? 1000);
export const PLACES = 150;
export const TWO_INSTANCES = 'PostgreSQL ×2 behind nginx';
export const RUSH_BUDGET_MS = { PGlite: 3_000, PostgreSQL: 1_000, [TWO_INSTANCES]: 3_000 } as const;
type Engine = keyof typeof RUSH_BUDGET_MS;

export interface RushResult {
  engine: Engine;
  settleMs: number;
  sold: number;
  held: number;
  bookingRows: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  /** CPU seconds used during the rush: the whole machine (every core), the app, the load
   * generator (this process, with the events-list readers). */
  cpu: { machine: number; app: number; loadGenerator: number };
  /** Each call's p50 and p99, ms: where the time goes. */
  calls: Record<string, { n: number; p50: number; p99: number }>;
  listPerSecond: number;
  listStatuses: Record<string, number>;
  /** Two instances: ms from an edit through one to its answer through the other (median of 5). */
  notifyMs?: number;
  /** The bookers left without a place (issue 36): how many read the race-full words ("Rush Race
   * is full") as their last answer, how many carts then said so on the line, and the other words
   * read, by count. */
  losers: { count: number; readFull: number; cartSaysFull: number; otherWords: Record<string, number> };
  problems: string[];
}

/** The app under the rush: one instance, or two behind nginx; whose CPU counts. */
interface RushSite {
  url: string;
  routes(i: number): RushRoutes;
  pids: number[];
  prepared: PreparedRush;
  /** Two instances: an edit through one, timed until the other answers it. */
  notifyMs?: () => Promise<number>;
  stop(): Promise<void>;
}

async function startSite(
  engine: Engine,
  port: number,
  stripe: { url: string; env: Record<string, string> },
): Promise<RushSite> {
  const env = {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  const appEnv = { ...env, ...stripe.env, SEED_DEMO: 'false' };
  const one = (app: ServerProcess, prepared: PreparedRush, stop: () => Promise<void>): RushSite => ({
    url: app.url,
    routes: () => ({ app: app.url, webhook: app.url, client: app.url, stripe: stripe.url }),
    pids: [app.pid ?? 0],
    prepared,
    stop,
  });
  if (engine === 'PGlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'piste-bench-rush-'));
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const prepared = await prepareRush(database, env, PLACES, BOOKERS);
    await database.close();
    const app = await startApp(port, { dataDir, env: appEnv });
    return one(app, prepared, app.stop);
  }
  const fresh = await freshPostgres('piste_bench_rush');
  const database = await openDatabase({ url: fresh.url, poolSize: 4 });
  const prepared = await prepareRush(database, env, PLACES, BOOKERS);
  await database.close();
  const dbEnv = { ...appEnv, DATABASE_URL: fresh.url };
  if (engine === 'PostgreSQL') {
    const app = await startApp(port, { env: dbEnv });
    return one(app, prepared, async () => {
      await app.stop();
      await fresh.drop();
    });
  }
  // two instances on ports of their own, nginx on the rush's port in front of them; whatever came
  // up is stopped if the rest does not
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop();
    await fresh.drop();
  };
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  try {
    a = await startApp(port + 20, { env: dbEnv });
    started.push(a);
    b = await startApp(port + 21, { env: dbEnv });
    started.push(b);
    nginx = await startNginx(
      port,
      [a.url, b.url].map((u) => u.replace('http://', '')),
    );
    started.push(nginx);
  } catch (error) {
    await stop();
    throw error;
  }
  const apps = [a, b];
  return {
    url: nginx.url,
    // each booker's webhook and client confirmation reach different instances
    routes: (i) => ({ app: nginx.url, webhook: (i % 2 ? a : b).url, client: (i % 2 ? b : a).url, stripe: stripe.url }),
    pids: apps.map((x) => x.pid ?? 0),
    prepared,
    notifyMs: () => notifyDelay(a.url, b.url, prepared.admin),
    stop,
  };
}

/** The NOTIFY delay, as a visitor sees it: an administrator's edit through `first` (answered),
 * then reads through `second` until it shows; the median of five. */
async function notifyDelay(first: string, second: string, admin: Booker): Promise<number> {
  const headers = { ...admin.headers, 'content-type': 'application/json' };
  const intro = async () =>
    (JSON.parse((await timedFetch(`${second}/api/v1/content/`)).body) as { home_intro?: string }).home_intro;
  const delays: number[] = [];
  for (let i = 0; i < 5; i++) {
    const text = `Bench ${i} ${randomBytes(4).toString('hex')}`;
    await timedFetch(`${first}/api/v1/content/update/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ home_intro: text }),
    });
    const started = performance.now();
    while ((await intro()) !== text && performance.now() - started < 5000) await new Promise((r) => setTimeout(r, 2));
    delays.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 200));
  }
  return median(delays.sort((x, y) => x - y));
}

async function rush(engine: Engine, port: number): Promise<RushResult> {
  const standIn = await startStandInProcess();
  const site = await startSite(engine, port, standIn).catch(async (error: unknown) => {
    await standIn.stop();
    throw error;
  });
  const { prepared } = site;
  const app = { url: site.url };
  const appCpu = async () => (await Promise.all(site.pids.map((pid) => cpuSeconds(pid)))).reduce((x, y) => x + y, 0);
  try {
    // warm the app up on reads and one refused start, nothing that takes a place
    for (let i = 0; i < 20; i++) await timedFetch(`${app.url}/api/v1/products/`);
    const notifyMs = site.notifyMs ? await site.notifyMs() : undefined;
    const statuses: Record<string, number> = {};
    const latencies: number[] = [];
    const byCall: Record<string, number[]> = {};
    const record = (call: string, status: number, ms: number) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(ms);
      byCall[call] = [...(byCall[call] ?? []), ms];
    };
    // visitors reading the events list during the rush
    let rushing = true;
    let listed = 0;
    const listStatuses: Record<string, number> = {};
    const readers = Array.from({ length: Number(process.env.BENCH_RUSH_READERS ?? 10) }, async () => {
      while (rushing) {
        const r = await timedFetch(`${app.url}/api/v1/products/`, { headers: { 'accept-encoding': 'br' } });
        listStatuses[r.status] = (listStatuses[r.status] ?? 0) + 1;
        listed += 1;
      }
    });
    const before = {
      machine: await machineBusySeconds(),
      app: await appCpu(),
      own: process.cpuUsage(),
    };
    const started = performance.now();
    const outcomes = await Promise.all(
      prepared.bookers.map((b, i) => rushBooker(site.routes(i), b, prepared.eventId, record)),
    );
    const settleMs = performance.now() - started;
    const own = process.cpuUsage(before.own);
    const cpu = {
      machine: (await machineBusySeconds()) - before.machine,
      app: (await appCpu()) - before.app,
      loadGenerator: (own.user + own.system) / 1e6,
    };
    rushing = false;
    await Promise.all(readers);
    const listPerSecond = listed / (settleMs / 1000);
    const { booked, held, rows } = await counts(app.url, prepared.eventId, prepared.admin);
    const losers = await losersWords(site, prepared, outcomes);
    rushAgent.destroy();
    latencies.sort((a, b) => a - b);
    const problems: string[] = [];
    if (booked !== PLACES || rows !== PLACES) problems.push(`sold ${booked} (booking rows ${rows}), not ${PLACES}`);
    if (held !== 0) problems.push(`${held} places still held`);
    const fiveXX = Object.entries(statuses).filter(([s]) => Number(s) >= 500 || s === '0');
    if (fiveXX.length) problems.push(`answers ${fiveXX.map(([s, n]) => `${s}×${n}`).join(', ')}`);
    if (losers.readFull !== losers.count || losers.cartSaysFull !== losers.count)
      problems.push(`${losersSummary(losers)}, not all`);
    return {
      engine,
      settleMs,
      sold: booked,
      held,
      bookingRows: rows,
      statuses,
      p50Ms: median(latencies),
      p99Ms: percentile(latencies, 0.99),
      cpu,
      calls: Object.fromEntries(
        Object.entries(byCall).map(([call, ms]) => {
          ms.sort((a, b) => a - b);
          return [call, { n: ms.length, p50: median(ms), p99: percentile(ms, 0.99) }];
        }),
      ),
      listPerSecond,
      listStatuses,
      ...(notifyMs === undefined ? {} : { notifyMs }),
      losers,
      problems,
    };
  } finally {
    await site.stop();
    await standIn.stop();
  }
}

/** The losers' words, after the rush (outside its timing): the last answer each read, and then
 * its cart, read as the checkout reads it, 50 at a time. */
async function losersWords(
  site: RushSite,
  prepared: PreparedRush,
  outcomes: Awaited<ReturnType<typeof rushBooker>>[],
): Promise<RushResult['losers']> {
  const lost = prepared.bookers.flatMap((b, i) =>
    outcomes[i]?.booked ? [] : [{ b, i, words: outcomes[i]?.words ?? null }],
  );
  const otherWords: Record<string, number> = {};
  let readFull = 0;
  let cartSaysFull = 0;
  for (const l of lost) {
    if (readsFull(RUSH_EVENT, l.words)) readFull += 1;
    else otherWords[l.words ?? '(none)'] = (otherWords[l.words ?? '(none)'] ?? 0) + 1;
  }
  for (let start = 0; start < lost.length; start += 50) {
    const notes = await Promise.all(
      lost.slice(start, start + 50).map((l) => cartNote(site.routes(l.i), l.b, prepared.eventId)),
    );
    cartSaysFull += notes.filter((n) => readsFull(RUSH_EVENT, n)).length;
  }
  return { count: lost.length, readFull, cartSaysFull, otherWords };
}

export function losersSummary(l: RushResult['losers']): string {
  const other = Object.entries(l.otherWords)
    .map(([words, n]) => `${n}× "${words}"`)
    .join(', ');
  return `losers reading '${RUSH_EVENT} is full': ${l.readFull} of ${l.count}, their carts saying so: ${l.cartSaysFull} of ${l.count}${other ? `; other words: ${other}` : ''}`;
}

/** The p-th fraction of sorted values (nearest rank). */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

/** What the app says afterwards: the event's booked and held places (the public list) and its
 * booking rows (the administrators' participant list). The public list is dropped at most
 * `PUBLIC_CACHE_COALESCE_MS` after the last booking (the rush's changes are coalesced, by design),
 * so it is read once that window has passed; the rows are read at once. */
async function counts(app: string, eventId: number, admin: Booker) {
  await new Promise((r) =>
    setTimeout(
      r,
      loadConfig({ PUBLIC_CACHE_COALESCE_MS: process.env.PUBLIC_CACHE_COALESCE_MS }).publicCacheCoalesceMs + 50,
    ),
  );
  const products = (await (await fetch(`${app}/api/v1/products/`)).json()) as {
    id: number;
    booked_quantity: number;
    held_quantity: number;
  }[];
  const event = products.find((p) => p.id === eventId);
  const participants = await fetch(`${app}/api/v1/products/booked-participants/${eventId}/`, {
    headers: admin.headers,
  });
  const rows = participants.ok ? ((await participants.json()) as unknown[]).length : -1;
  return { booked: event?.booked_quantity ?? -1, held: event?.held_quantity ?? -1, rows };
}

export function rushVerdict(r: RushResult): string {
  return r.problems.length === 0 && r.settleMs <= RUSH_BUDGET_MS[r.engine] ? 'PASS' : 'FAIL';
}

export async function benchRush(port: number): Promise<RushResult[]> {
  console.log(`Entry rush: ${BOOKERS} bookers at once for the last ${PLACES} places`);
  const results: RushResult[] = [];
  // BENCH_RUSH_ENGINES picks some (e.g. "PostgreSQL ×2 behind nginx" alone); BENCH_SKIP_TWO_INSTANCES=1
  // leaves the two-instance run out
  const chosen = process.env.BENCH_RUSH_ENGINES?.split(',').map((e) => e.trim()) as Engine[] | undefined;
  const engines = (chosen ?? (Object.keys(RUSH_BUDGET_MS) as Engine[])).filter(
    (e) => e !== TWO_INSTANCES || process.env.BENCH_SKIP_TWO_INSTANCES !== '1',
  );
  for (const engine of engines) {
    const r = await rush(engine, port);
    results.push(r);
    console.log(
      `${rushVerdict(r).padEnd(5)} ${engine.padEnd(10)} settled in ${(r.settleMs / 1000).toFixed(2)} s (budget ${RUSH_BUDGET_MS[engine] / 1000} s), sold ${r.sold}, held ${r.held}, answers ${JSON.stringify(r.statuses)}, p50 ${r.p50Ms.toFixed(0)} ms, p99 ${r.p99Ms.toFixed(0)} ms, events list ${r.listPerSecond.toFixed(0)} req/s during the rush ${JSON.stringify(r.listStatuses)}${r.problems.length ? `  (${r.problems.join('; ')})` : ''}`,
    );
    console.log(`      ${losersSummary(r.losers)}`);
    console.log(`      per call: ${callSummary(r)}`);
    console.log(`      ${cpuSummary(r)}`);
  }
  return results;
}

function cpuSummary(r: RushResult): string {
  const cores = cpus().length;
  const notify =
    r.notifyMs === undefined
      ? ''
      : `; NOTIFY delay ${r.notifyMs.toFixed(0)} ms (an edit through one instance answered by the other)`;
  return `CPU during the rush: the machine ${r.cpu.machine.toFixed(1)} s of ${((cores * r.settleMs) / 1000).toFixed(1)} s (${cores} cores), the app ${r.cpu.app.toFixed(1)} s (${appCpuPerBookerMs(r).toFixed(1)} ms per booker), the load generator ${r.cpu.loadGenerator.toFixed(1)} s${notify}`;
}

/** The app's CPU (every instance's, summed) per booker, ms. */
function appCpuPerBookerMs(r: RushResult): number {
  return (r.cpu.app * 1000) / BOOKERS;
}

function callSummary(r: RushResult): string {
  return Object.entries(r.calls)
    .map(([call, c]) => `${call} ×${c.n} p50 ${c.p50.toFixed(0)} / p99 ${c.p99.toFixed(0)} ms`)
    .join('; ');
}

export function rushReport(results: RushResult[]): string[] {
  return [
    '',
    `## Entry rush (${BOOKERS} bookers at once, the last ${PLACES} places)`,
    '',
    "The app as deployed (production mode, its own process), the real Stripe SDK pointed at the stand-in in a third process; each booker reads the cart, starts the payment (the hold), confirms the card at the stand-in, then sends Stripe's signed webhook and the client's booking call at once. Sessions made in the database before the app started. Settled = first request to last answer; afterwards the database is checked: booked, held, booking rows. Ten readers fetch the events list throughout. With two instances the browser's calls go through nginx (Debian's, round robin) and each booker's webhook and client confirmation straight to different instances; the app's CPU is both processes' summed; the NOTIFY delay is an administrator's edit through one instance until the other answers it (median of 5, before the rush).",
    '',
    '| database | settled in | budget | sold | left held | answers | p50 | p99 | app CPU per booker | NOTIFY delay | events list during the rush | verdict |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${(r.settleMs / 1000).toFixed(2)} s | ${RUSH_BUDGET_MS[r.engine] / 1000} s | ${r.sold} | ${r.held} | ${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${s}: ${n}`)
          .join(
            ', ',
          )} | ${r.p50Ms.toFixed(0)} ms | ${r.p99Ms.toFixed(0)} ms | ${appCpuPerBookerMs(r).toFixed(1)} ms | ${r.notifyMs === undefined ? '—' : `${r.notifyMs.toFixed(0)} ms`} | ${r.listPerSecond.toFixed(0)} req/s | ${rushVerdict(r)}${r.problems.length ? `: ${r.problems.join('; ')}` : ''} |`,
    ),
    '',
    ...results.map((r) => `Per call, ${r.engine}: ${callSummary(r)}. ${cpuSummary(r)}.`),
    '',
    "Every family that loses the last place reads that the race is full (issue 36): each loser's last answer, and then its cart's note on the line, read after the rush.",
    '',
    ...results.map((r) => `- ${r.engine}: ${losersSummary(r.losers)}.`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRush(Number(process.env.BENCH_PORT ?? 4620));
}
