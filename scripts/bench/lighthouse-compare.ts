/**
 * Two builds of the browser's app side by side under Lighthouse mobile, run after run in turn
 * (A, B, B, A, A, B …) so a machine whose speed drifts moves both alike: how a change to the
 * first script or to hydration was measured (docs/decisions/0039-hydration-in-time-slices.md).
 *
 *   WEB_DIST=dist/web-b vite build && WEB_DIST=dist/web-b vite build --ssr
 *   node scripts/bench/lighthouse-compare.ts dist/web dist/web-b [runs=5] [/ /contact …]
 *
 * Each side is the app as the bench starts it (scripts/bench/processes.ts) with its WEB_DIST.
 * Prints, per page and side, the median and the spread of performance, TBT, the main thread's
 * work and the scripts' evaluation time.
 */
import * as chromeLauncher from 'chrome-launcher';
import { median } from './http.ts';
import { CHROME_FLAGS, lighthouseOnce, retried } from './lighthouse.ts';
import { startApp } from './processes.ts';

const [a = 'dist/web', b = 'dist/web-b', runsArg = '5', ...paths] = process.argv.slice(2);
const runs = Number(runsArg);
const pages = paths.length ? paths : ['/', '/booking', '/contact', '/results'];
const port = Number(process.env.BENCH_PORT ?? 4700);

// a busy machine takes minutes to start two apps with their demo data
const startTimeoutMs = 300_000;
const sides = [
  { name: a, app: await startApp(port, { env: { WEB_DIST: a }, startTimeoutMs }) },
  { name: b, app: await startApp(port + 1, { env: { WEB_DIST: b }, startTimeoutMs }) },
];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  for (const path of pages) {
    const figures = sides.map(() => ({
      perf: [] as number[],
      tbt: [] as number[],
      main: [] as number[],
      js: [] as number[],
      kb: [] as number[],
    }));
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? [1, 0] : [0, 1];
      for (const s of order) {
        const r = await retried(() => lighthouseOnce(`${sides[s]?.app.url}${path}`, chrome.port, sides[s]?.name));
        const f = figures[s];
        f?.perf.push(r.performance);
        f?.tbt.push(r.tbtMs);
        f?.main.push(r.mainThreadMs);
        f?.js.push(r.scriptMs);
        f?.kb.push(r.initialJsKb);
      }
    }
    const show = (xs: number[]) =>
      `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;
    for (const [i, side] of sides.entries()) {
      const f = figures[i];
      if (!f) continue;
      console.log(
        `${path.padEnd(36)} ${side.name.padEnd(14)} perf ${show(f.perf)}  TBT ${show(f.tbt)} ms  main thread ${show(f.main)} ms  script ${show(f.js)} ms  initial JS ${median(f.kb).toFixed(1)} KB`,
      );
    }
  }
} finally {
  await chrome.kill();
  await Promise.all(sides.map((s) => s.app.stop()));
}
