/**
 * `npm run bench`: the performance budgets of DESIGN.md, measured as a user meets the app.
 *
 * - The app runs as the README deploys it (production mode, default logging, embedded database,
 *   demo data) in a process of its own; the yardstick, a bare Fastify server sending the very
 *   bytes the app sent, in a second process; the load generator (autocannon) in this third one.
 * - Every read's path is first driven for BENCH_WARM_SECONDS (1) on each side, as a server that has
 *   been running is warm; then each public read is driven for BENCH_SECONDS on each side, over BENCH_ROUNDS rounds whose
 *   order alternates (app first, then bare first …); each round gives app ÷ bare from runs made
 *   one after the other, and the figure is the median of the rounds' ratios (a machine whose
 *   speed drifts over minutes moves both runs of a round alike); with each side's CPU per answer.
 * - Lighthouse (mobile defaults) runs BENCH_LIGHTHOUSE_RUNS times on each page; medians again.
 * - Then the people lists, a season's results, the entry rush and the memory under mixed load
 *   (bench/*.ts), each on each database.
 * BENCH_SKIP_LIGHTHOUSE, _READS (the public reads and the address spellings), _PEOPLE, _RESULTS,
 * _RUSH, _MEMORY = 1 leave a section out; with all but one left out, that one runs alone;
 * BENCH_ONLY=lighthouse (reads, people, results, rush, memory) runs that one alone. A run of one
 * section prints its report without writing it: bench/REPORT.md always holds a whole run.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchRush, type RushResult, rushReport, rushVerdict } from './bench/entry-rush.ts';
import { capture, measure, median } from './bench/http.ts';
import { lighthousePages, type PageScores } from './bench/lighthouse.ts';
import { benchMemory, type MemoryResult, memoryReport, memoryVerdict } from './bench/memory.ts';
import { INITIAL_JS_KB, PAGE_BUDGET, pageChecks } from './bench/page-budget.ts';
import { benchPages } from './bench/pages.ts';
import { benchPeople, type PeopleTiming, peopleReport, peopleVerdict } from './bench/people.ts';
import { cpuSeconds, startApp, startBare } from './bench/processes.ts';
import { benchResults, type ResultsTiming, resultsReport, resultsVerdict } from './bench/results.ts';
import {
  benchSpellings,
  type SpellingsResult,
  spellingsLine,
  spellingsReport,
  spellingsVerdict,
} from './bench/spellings.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 1);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const APP_PORT = Number(process.env.BENCH_PORT ?? 4610);
const BARE_PORT = APP_PORT + 1;

/** Public reads: at least AIM of the bare server's requests per second; never below FLOOR. */
const AIM = 0.8;
const FLOOR = 0.5;

interface Read {
  name: string;
  path: string;
}

async function publicReads(app: string): Promise<Read[]> {
  const products = (await (await fetch(`${app}/api/v1/products/`)).json()) as { slug: string }[];
  const slug = products[0]?.slug;
  if (!slug) throw new Error('the demo data has no events');
  const seasons = (await (await fetch(`${app}/api/v1/public/race-events/`)).json()) as { id: number; year: number }[];
  const season = seasons[0];
  if (!season) throw new Error('the demo data has no results');
  return [
    { name: 'events list', path: '/api/v1/products/' },
    { name: 'one event', path: `/api/v1/products/${slug}/` },
    { name: 'upcoming events', path: '/api/v1/latest-products/' },
    { name: 'FAQs', path: '/api/v1/faqs/' },
    { name: 'team', path: '/api/v1/team-members/' },
    { name: 'clubs', path: '/api/v1/slope-info/' },
    { name: 'governance', path: '/api/v1/governance/' },
    { name: 'organisation documents', path: '/api/v1/organization-documents/' },
    { name: 'maintenance status', path: '/api/v1/maintenance/status/' },
    { name: 'page / (HTML)', path: '/' },
    { name: 'page /booking (HTML)', path: '/booking' },
    { name: 'results: years', path: '/api/v1/public/race-events/' },
    { name: 'results: categories', path: `/api/v1/public/race-events/${season.id}/category-results/?slope_id=HEM` },
    { name: 'results: overall', path: `/api/v1/public/race-events/${season.id}/overall-standings/?slope_id=HEM` },
    { name: 'results: club points', path: `/api/v1/public/race-events/${season.id}/club-points/?slope_id=HEM` },
    { name: 'results: season totals', path: `/api/v1/public/season-totals/${season.year}/` },
    { name: 'page /results (HTML)', path: '/results' },
  ];
}

interface ReadResult extends Read {
  app: number;
  bare: number;
  /** The budget's figure: the median over the rounds of app ÷ bare, each round's two runs made
   * one after the other (a machine whose speed drifts moves both of a pair alike). */
  ratio: number;
  /** The lowest and highest of the rounds' ratios. */
  ratioRange: [number, number];
  /** The yardstick that also sends the app's headers (security, caching): what is left of the
   * gap against it is the app's own work per request. */
  bareWithHeaders: number;
  ratioWithHeaders: number;
  /** CPU time each server process spent per answer (user + system, from /proc), microseconds:
   * the cost of an answer, whatever else the machine was doing. */
  appCpuUs: number;
  bareCpuUs: number;
  bareWithHeadersCpuUs: number;
  problems: string[];
}

type Side = 'app' | 'bare' | 'bareWithHeaders';
const SIDES: Side[] = ['app', 'bare', 'bareWithHeaders'];

interface SideServer {
  url: string;
  pid?: number | undefined;
}

/** The sides' order in a round: the app's and the bare server's runs always next to each other,
 * which goes first alternating, and the second yardstick before them or after them in turn, so no
 * side always runs on a machine just warmed (or tired). */
function roundOrder(round: number): Side[] {
  const pair: Side[] = round % 2 ? ['bare', 'app'] : ['app', 'bare'];
  return Math.floor(round / 2) % 2 ? ['bareWithHeaders', ...pair] : [...pair, 'bareWithHeaders'];
}

async function measureReads(servers: Record<Side, SideServer>, reads: Read[]): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  // a server that has been running: every read's path once through each side before the first
  // round (the front path is shared, so without this the reads measured first met colder code)
  for (const read of reads) for (const side of SIDES) await measure(`${servers[side].url}${read.path}`, WARM_SECONDS);
  for (const read of reads) {
    const runs: Record<Side, number[]> = { app: [], bare: [], bareWithHeaders: [] };
    const cpu: Record<Side, number[]> = { app: [], bare: [], bareWithHeaders: [] };
    const problems: string[] = [];
    // warm every side up (JIT, caches) before anything counts
    for (const side of SIDES) await measure(`${servers[side].url}${read.path}`, 1);
    for (let round = 0; round < ROUNDS; round++) {
      const order = roundOrder(round);
      for (const side of order) {
        const pid = servers[side].pid;
        const before = pid ? await cpuSeconds(pid) : 0;
        const r = await measure(`${servers[side].url}${read.path}`, SECONDS);
        const after = pid ? await cpuSeconds(pid) : 0;
        if (r.errors || r.non2xx) problems.push(`${side}: ${r.errors} errors, ${r.non2xx} non-2xx`);
        runs[side].push(r.requestsPerSecond);
        if (r.requests) cpu[side].push(((after - before) * 1e6) / r.requests);
      }
    }
    const ratios = runs.app.map((app, i) => app / (runs.bare[i] as number));
    const ratiosWithHeaders = runs.app.map((app, i) => app / (runs.bareWithHeaders[i] as number));
    const result: ReadResult = {
      ...read,
      app: median(runs.app),
      bare: median(runs.bare),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      bareWithHeaders: median(runs.bareWithHeaders),
      ratioWithHeaders: median(ratiosWithHeaders),
      appCpuUs: median(cpu.app),
      bareCpuUs: median(cpu.bare),
      bareWithHeadersCpuUs: median(cpu.bareWithHeaders),
      problems,
    };
    results.push(result);
    console.log(
      `${verdict(result.ratio, problems).padEnd(5)} ${read.name.padEnd(24)} app ${result.app.toFixed(0).padStart(6)} req/s  bare ${result.bare.toFixed(0).padStart(6)} req/s  ratio ${result.ratio.toFixed(2)} (rounds ${result.ratioRange.map((r) => r.toFixed(2)).join('-')})  CPU per answer ${result.appCpuUs.toFixed(0)} µs vs ${result.bareCpuUs.toFixed(0)} µs  (same headers: ratio ${result.ratioWithHeaders.toFixed(2)}, ${result.bareWithHeadersCpuUs.toFixed(0)} µs)${problems.length ? `  (${problems[0]})` : ''}`,
    );
  }
  return results;
}

function verdict(ratio: number, problems: string[]): string {
  if (problems.length || ratio < FLOOR) return 'FAIL';
  return ratio >= AIM ? 'PASS' : 'LOW';
}

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, commit ${commit}`;
}

interface Sections {
  reads: ReadResult[];
  pages: Record<string, PageScores> | null;
  people: PeopleTiming[];
  results: ResultsTiming[];
  rush: RushResult[];
  memory: MemoryResult[];
  spellings: SpellingsResult | null;
}

function report({ reads, pages, people, results, rush, memory, spellings }: Sections, when: string): string {
  const lines = ['# Benchmark report', '', `${when} on ${machine()}.`, ''];
  if (reads.length)
    lines.push(
      `App: \`node src/server/main.ts\`, NODE_ENV=production, default logging (info, to a file), embedded database, demo data, in its own process. Yardstick (the budget's): a bare Fastify process sending the same body (same content type and encoding) and no other headers. Second yardstick (for the why): the same bare process also sending the app's security and caching headers. Load: autocannon in another process, 50 connections, ${SECONDS} s per run, ${ROUNDS} rounds each starting with another side; each round's app ÷ bare from its two runs made one after the other, the ratio the median of the rounds' (req/s columns: the median of each side's runs). CPU per answer: the server process's user + system time over the answers of a run (/proc), median of the rounds. Requests accept gzip and brotli.`,
      '',
      `## Public reads (budget ≥ ${AIM} of the bare server, floor ${FLOOR})`,
      '',
      '| read | app req/s | bare req/s | ratio | rounds | verdict | app CPU µs per answer | bare CPU µs per answer | bare + app headers req/s | ratio to it | its CPU µs per answer |',
      '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|',
      ...reads.map(
        (r) =>
          `| ${r.name} (\`${r.path}\`) | ${r.app.toFixed(0)} | ${r.bare.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.ratioRange.map((x) => x.toFixed(2)).join('–')} | ${verdict(r.ratio, r.problems)}${r.problems.length ? `: ${r.problems[0]}` : ''} | ${r.appCpuUs.toFixed(0)} | ${r.bareCpuUs.toFixed(0)} | ${r.bareWithHeaders.toFixed(0)} | ${r.ratioWithHeaders.toFixed(2)} | ${r.bareWithHeadersCpuUs.toFixed(0)} |`,
      ),
    );
  if (pages) {
    lines.push(
      '',
      `## Pages: Lighthouse mobile, median of ${LIGHTHOUSE_RUNS} runs`,
      '',
      `Budgets: performance ≥ ${PAGE_BUDGET.performance}, accessibility 100, best practices 100, SEO ≥ ${PAGE_BUDGET.seo}, CLS ≤ ${PAGE_BUDGET.cls}, LCP ≤ 2.5 s, initial JavaScript ≤ ${INITIAL_JS_KB} KB gzip (KB = 1024 bytes): the page's module script and every modulepreload of its HTML, at their gzip size. "All JS" is every script Lighthouse saw fetched during its trace, as sent, including chunks loaded when the browser is idle after the page became interactive (toasts' container). After every run the page is opened again at 412 px, and once it says it is interactive its main control is used (Enter, Send Message, a club or a tab): a run whose page does not answer within 5 s is a miss. The perf and TBT spreads are the lowest and highest of the runs.`,
      '',
      '| page | perf | perf spread | a11y | best pr. | SEO | CLS | LCP | FCP | TBT | TBT spread | initial JS KB gzip | initial JS files | all JS KB | missed |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...Object.entries(pages).map(([page, s]) =>
        s.notFound
          ? `| ${page} (\`${s.path}\`) | not found (${s.notFound}) | | | | | | | | | | | | | ${pageChecks(s).join('; ')} |`
          : `| ${page} (\`${s.path}\`) | ${s.performance} | ${s.performanceRange.join('–')} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.cls.toFixed(3)} | ${(s.lcpMs / 1000).toFixed(1)} s | ${(s.fcpMs / 1000).toFixed(1)} s | ${s.tbtMs.toFixed(0)} ms | ${s.tbtRange.map((t) => t.toFixed(0)).join('–')} ms | ${s.initialJsKb.toFixed(1)} | ${s.initialJsFiles} | ${s.scriptKb.toFixed(0)} | ${pageChecks(s).join('; ') || '—'} |`,
      ),
    );
  }
  if (spellings) lines.push(...spellingsReport(spellings));
  if (people.length) lines.push(...peopleReport(people));
  if (results.length) lines.push(...resultsReport(results));
  if (rush.length) lines.push(...rushReport(rush));
  if (memory.length) lines.push(...memoryReport(memory));
  // the hand-written explanation of known misses, kept beside the report
  const notes = existsSync('bench/NOTES.md') ? readFileSync('bench/NOTES.md', 'utf8').trim() : '';
  if (notes) lines.push('', notes);
  return `${lines.join('\n')}\n`;
}

/** Lighthouse, then the public reads against the bare yardsticks, then the address spellings: one
 * app, started once for them. */
async function pagesAndReads(): Promise<{
  pages: Record<string, PageScores> | null;
  results: ReadResult[];
  spellings: SpellingsResult | null;
}> {
  const skipPages = skipped('lighthouse');
  const skipReads = skipped('reads');
  if (skipPages && skipReads) return { pages: null, results: [], spellings: null };
  // BENCH_START_SECONDS: how long the app may take to start (60 s; more on a machine shared with builds)
  const app = await startApp(APP_PORT, { startTimeoutMs: Number(process.env.BENCH_START_SECONDS ?? 60) * 1000 });
  const fixturesDir = await mkdtemp(join(tmpdir(), 'piste-bench-bare-'));
  let bare: Awaited<ReturnType<typeof startBare>>[] = [];
  try {
    // pages first, on a quiet app; the load test's burst of page requests comes after
    let pages: Record<string, PageScores> | null = null;
    if (!skipPages) {
      console.log(`Lighthouse (mobile), ${LIGHTHOUSE_RUNS} runs per page`);
      const only = process.env.BENCH_PAGES;
      const list = (await benchPages(app.url)).filter((p) => !only || p.name.includes(only));
      pages = await lighthousePages(app.url, list, LIGHTHOUSE_RUNS, (page, s) => {
        const missed = pageChecks(s);
        console.log(
          s.notFound
            ? `FAIL  ${page.padEnd(22)} not found: ${s.path} answered ${s.notFound}, not measured`
            : `${missed.length ? 'FAIL' : 'PASS'}  ${page.padEnd(22)} perf ${s.performance} (${s.performanceRange.join('-')})  TBT ${s.tbtMs.toFixed(0)} ms (${s.tbtRange.map((t) => t.toFixed(0)).join('-')})  a11y ${s.accessibility}  bp ${s.bestPractices}  seo ${s.seo}  CLS ${s.cls.toFixed(3)}  LCP ${(s.lcpMs / 1000).toFixed(1)} s  JS ${s.initialJsKb.toFixed(1)} KB gzip in ${s.initialJsFiles} files${missed.length ? `  (${missed.join('; ')})` : ''}`,
        );
      });
      console.log('');
    }
    if (skipReads) return { pages, results: [], spellings: null };
    const reads = (await publicReads(app.url)).filter((r) => !ONLY || r.name.includes(ONLY));
    const fixtures: Record<string, unknown> = {};
    for (const read of reads) {
      const answer = await capture(`${app.url}${read.path}`);
      if (answer.status !== 200) throw new Error(`${read.path} answered ${answer.status}`);
      fixtures[read.path] = answer;
    }
    const fixturesFile = join(fixturesDir, 'fixtures.json');
    await writeFile(fixturesFile, JSON.stringify(fixtures));
    bare = [await startBare(BARE_PORT, fixturesFile), await startBare(BARE_PORT + 1, fixturesFile, true)];
    console.log(`Public reads (${SECONDS} s × ${ROUNDS} rounds each side; budget ≥ ${AIM}, floor ${FLOOR})`);
    const [plain, withHeaders] = bare as [(typeof bare)[0], (typeof bare)[0]];
    const results = await measureReads({ app, bare: plain, bareWithHeaders: withHeaders }, reads);
    // the app's memory under a run of address spellings (issue 24)
    const spellings = app.pid ? await benchSpellings(app.url, app.pid) : null;
    if (spellings) console.log(`\n${spellingsLine(spellings)}`);
    return { pages, results, spellings };
  } finally {
    await Promise.all(bare.map((b) => b.stop()));
    await app.stop();
  }
}

/** BENCH_READS=results measures only the reads whose name holds that text, BENCH_PAGES=results
 * only the pages whose name does (the report is then printed, not written: bench/REPORT.md
 * always holds a whole run). */
const ONLY = process.env.BENCH_READS;

/** A section is left out by its BENCH_SKIP_<SECTION>=1, or by BENCH_ONLY naming another. */
function skipped(section: 'lighthouse' | 'reads' | 'people' | 'results' | 'rush' | 'memory'): boolean {
  const only = process.env.BENCH_ONLY;
  if (only && !['lighthouse', 'reads', 'people', 'results', 'rush', 'memory'].includes(only))
    throw new Error(`BENCH_ONLY=${only}: lighthouse, reads, people, results, rush or memory`);
  return (only !== undefined && only !== section) || process.env[`BENCH_SKIP_${section.toUpperCase()}`] === '1';
}
const PARTIAL = Boolean(ONLY || process.env.BENCH_PAGES || process.env.BENCH_ONLY);

async function main(): Promise<void> {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(`Benchmark, ${when}, ${machine()}\n`);
  const { pages, results, spellings } = await pagesAndReads();
  // the back office's lists with a season's worth of people, on each database (issue 8)
  const people = skipped('people') ? [] : await benchPeople(APP_PORT + 3);
  // a season of results (issue 10)
  const seasonResults = skipped('results') ? [] : await benchResults(APP_PORT + 5);
  // the night entries open: a thousand bookers for the last places (issue 9)
  const rush = skipped('rush') ? [] : await benchRush(APP_PORT + 4);
  // an evening's mixed load, and the memory it leaves held (issue 25)
  const memory = skipped('memory') ? [] : await benchMemory(APP_PORT + 6);

  const whole = report({ reads: results, pages, people, results: seasonResults, rush, memory, spellings }, when);
  if (PARTIAL) console.log(`\n${whole}\nBENCH_ONLY, BENCH_READS or BENCH_PAGES was set: the report is not written`);
  else {
    await mkdir('bench', { recursive: true });
    await writeFile('bench/REPORT.md', whole);
    console.log('\nReport written to bench/REPORT.md');
  }
  const failed =
    results.some((r) => verdict(r.ratio, r.problems) === 'FAIL') ||
    Object.values(pages ?? {}).some((s) => pageChecks(s).length > 0) ||
    people.some((t) => peopleVerdict(t) === 'FAIL') ||
    seasonResults.some((t) => resultsVerdict(t) === 'FAIL') ||
    rush.some((r) => rushVerdict(r) === 'FAIL') ||
    memory.some((m) => memoryVerdict(m.firstMb, m.lastMb) === 'FAIL') ||
    (spellings !== null && spellingsVerdict(spellings) === 'FAIL');
  if (failed) process.exitCode = 1;
}

await main();
