/**
 * The app's memory under an evening's mixed load (issue 25; DESIGN.md "Memory"): on each database
 * (embedded, then PostgreSQL on a throwaway database when one is reachable) the app starts as
 * production runs it (startApp: production mode, default cache bounds, no forced collection), and
 * its resident memory (VmRSS, /proc) is read after start, after 1 minute and after
 * BENCH_MEMORY_MINUTES (5) of the mixed load (memory-load.ts) sent from this process. The bench
 * fails when the last reading is more than 10 % above the 1-minute one (memory that keeps growing);
 * the goals (350 MB embedded, 150 MB PostgreSQL) are reported, met or missed.
 */
import { readFile } from 'node:fs/promises';
import { rushAgent } from '../../src/server/test/entry-rush.ts';
import { type SignIn, type Statuses, startMixedLoad } from './memory-load.ts';
import { freshPostgres, type ServerProcess, startApp } from './processes.ts';
import { residentMb } from './spellings.ts';

export const MEMORY_GOAL_MB = { embedded: 350, PostgreSQL: 150 } as const;
export type MemoryDatabase = keyof typeof MEMORY_GOAL_MB;
/** The last reading may be at most this much above the 1-minute one. */
export const GROWTH_ALLOWED = 0.1;

const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 5);
const RATE = Number(process.env.BENCH_MEMORY_RATE ?? 30);
const SAMPLE_SECONDS = 30;

export interface MemoryResult {
  database: MemoryDatabase;
  afterStartMb: number;
  /** The first reading under load (1 minute; a fifth of a shorter run). */
  firstMb: number;
  firstMinutes: number;
  lastMb: number;
  lastMinutes: number;
  /** Every SAMPLE_SECONDS of the load: minutes, MB. */
  trace: [number, number][];
  requests: number;
  statuses: Statuses;
}

/** FAIL when the last reading is more than 10 % above the first: exactly 10 % passes. Compared in
 * whole tenths (last × 10 ≤ first × 11) so the boundary does not hang on a rounding error. */
export function memoryVerdict(firstMb: number, lastMb: number): 'PASS' | 'FAIL' {
  return lastMb * 10 <= firstMb * (10 + GROWTH_ALLOWED * 10) ? 'PASS' : 'FAIL';
}

/** The goal, said plainly, for the memory held under load (DESIGN.md: "after the bench's load"):
 * met when neither reading under load is above it. The reading at the first answer is shown
 * beside it, not judged: the embedded database's compiler peak is still being given back then. */
export function memoryGoal(r: Pick<MemoryResult, 'database' | 'firstMb' | 'lastMb'>): string {
  const goal = MEMORY_GOAL_MB[r.database];
  const highest = Math.max(r.firstMb, r.lastMb);
  return highest <= goal ? 'GOAL MET' : `GOAL MISSED by ${(highest - goal).toFixed(0)} MB`;
}

/** The demo accounts' sign-ins the app printed once at its first start (production: random
 * passwords), read from its log. */
async function printedSignIns(logFile: string): Promise<SignIn[]> {
  for (let waited = 0; waited < 10_000; waited += 200) {
    const log = await readFile(logFile, 'utf8');
    const from = log.indexOf('Demo sign-ins');
    if (from >= 0) {
      const lines = log.slice(from).split('\n').slice(1);
      const signIns = lines
        .map((line) => /^ {2}.+ (\S+) \/ (\S+)\s*$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => ({ username: m[1] as string, password: m[2] as string }));
      if (signIns.length) return signIns;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app printed no demo sign-ins (${logFile})`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measureOne(database: MemoryDatabase, app: ServerProcess & { logFile: string }): Promise<MemoryResult> {
  const pid = app.pid ?? 0;
  const afterStartMb = await residentMb(pid);
  const signIns = await printedSignIns(app.logFile);
  const load = await startMixedLoad({ url: app.url, signIns, rate: RATE });
  const firstMinutes = Math.min(1, MINUTES / 5);
  const started = performance.now();
  // a reading every SAMPLE_SECONDS, at the first reading's time and at the end
  const times = [
    ...new Set([
      firstMinutes,
      MINUTES,
      ...Array.from({ length: Math.floor((MINUTES * 60) / SAMPLE_SECONDS) }, (_, i) => ((i + 1) * SAMPLE_SECONDS) / 60),
    ]),
  ]
    .filter((t) => t <= MINUTES)
    .sort((a, b) => a - b);
  const trace: [number, number][] = [];
  try {
    for (const t of times) {
      await sleep(Math.max(0, t * 60_000 - (performance.now() - started)));
      trace.push([t, await residentMb(pid)]);
    }
  } finally {
    await load.stop();
  }
  const at = (t: number) => trace.find(([m]) => m === t)?.[1] ?? 0;
  const firstMb = at(firstMinutes);
  const lastMb = at(MINUTES);
  return {
    database,
    afterStartMb,
    firstMb,
    firstMinutes,
    lastMb,
    lastMinutes: MINUTES,
    trace,
    requests: load.requests(),
    statuses: load.statuses,
  };
}

export function memoryLine(r: MemoryResult): string {
  const answers = Object.entries(r.statuses)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  return `${memoryVerdict(r.firstMb, r.lastMb).padEnd(5)} ${r.database.padEnd(10)} RSS after start ${r.afterStartMb.toFixed(0)} MB, after ${r.firstMinutes} min ${r.firstMb.toFixed(0)} MB, after ${r.lastMinutes} min ${r.lastMb.toFixed(0)} MB (+${growth(r).toFixed(1)} %, at most ${GROWTH_ALLOWED * 100} %); goal ${MEMORY_GOAL_MB[r.database]} MB: ${memoryGoal(r)}; ${r.requests} requests (${answers})`;
}

function growth(r: MemoryResult): number {
  return r.firstMb ? ((r.lastMb - r.firstMb) / r.firstMb) * 100 : 0;
}

export async function benchMemory(port: number): Promise<MemoryResult[]> {
  console.log(`Memory: ${MINUTES} min of mixed load at ${RATE} requests/s on each database`);
  const results: MemoryResult[] = [];
  // BENCH_MEMORY_DATABASES=PostgreSQL measures one of them
  const chosen = process.env.BENCH_MEMORY_DATABASES?.split(',').map((d) => d.trim());
  const databases = (Object.keys(MEMORY_GOAL_MB) as MemoryDatabase[]).filter((d) => !chosen || chosen.includes(d));
  for (const database of databases) {
    let fresh: Awaited<ReturnType<typeof freshPostgres>> | null = null;
    if (database === 'PostgreSQL') {
      fresh = await freshPostgres('mem_bench').catch((error: unknown) => {
        console.log(`SKIP  PostgreSQL: no server to make a throwaway database on (${(error as Error).message})`);
        return null;
      });
      if (!fresh) continue;
    }
    const env: Record<string, string> = fresh ? { DATABASE_URL: fresh.url } : {};
    try {
      const app = await startApp(port, { env });
      try {
        const r = await measureOne(database, app);
        results.push(r);
        console.log(memoryLine(r));
        console.log(`      RSS every ${SAMPLE_SECONDS} s: ${r.trace.map(([, mb]) => mb.toFixed(0)).join(', ')} MB`);
      } finally {
        await app.stop();
      }
    } finally {
      await fresh?.drop();
    }
  }
  rushAgent.destroy();
  return results;
}

export function memoryReport(results: MemoryResult[]): string[] {
  const cell = (mb: number, database: MemoryDatabase) =>
    `${mb.toFixed(0)} MB${mb > MEMORY_GOAL_MB[database] ? ' (over)' : ''}`;
  return [
    '',
    `## Memory under mixed load (goals: ${MEMORY_GOAL_MB.embedded} MB embedded, ${MEMORY_GOAL_MB.PostgreSQL} MB PostgreSQL)`,
    '',
    `The app as production runs it (\`npm run serve\`'s command, production mode, default cache bounds, no forced collection), on the embedded database and then on PostgreSQL (a throwaway database), demo data. Its resident memory (VmRSS of its process, /proc) is read after start, after 1 minute and after ${MINUTES} minutes of a mixed load sent from the bench's process at about ${RATE} requests a second: anonymous page loads and public reads (lists, results), the demo accounts signing in every few seconds and reading their profile, family, cart and entries, the club administrator's lists (users, payments, contact messages, an event's participants), carts filled and cleared, free events booked, a contact message every 15 s. The verdict fails when the last reading is more than ${GROWTH_ALLOWED * 100} % above the 1-minute one (memory that keeps growing); a goal missed is reported, not failed; the goal is judged on the two readings under load, the one at start (during the embedded database's compiler peak) is shown. What each part costs and what was done about it: docs/decisions/0036-memory.md.`,
    '',
    `| database | after start | after ${results[0]?.firstMinutes ?? 1} min | after ${MINUTES} min | growth | goal | requests | answers | verdict |`,
    '|---|---:|---:|---:|---:|---|---:|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${cell(r.afterStartMb, r.database)} | ${cell(r.firstMb, r.database)} | ${cell(r.lastMb, r.database)} | ${growth(r) >= 0 ? '+' : ''}${growth(r).toFixed(1)} % | ${memoryGoal(r)} | ${r.requests} | ${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')} | ${memoryVerdict(r.firstMb, r.lastMb)} |`,
    ),
    '',
    ...results.map(
      (r) =>
        `RSS every ${SAMPLE_SECONDS} s under load, ${r.database}: ${r.trace.map(([, mb]) => mb.toFixed(0)).join(', ')} MB.`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMemory(Number(process.env.BENCH_PORT ?? 4930));
}
