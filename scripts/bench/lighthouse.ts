import { statSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './http.ts';

/** DESIGN.md's Chromium flags (without the networking ones Chromium keeps trying to go online). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface PageScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Every script fetched during Lighthouse's trace, as sent (it includes chunks loaded when the
   * browser is idle after the page became interactive). */
  scriptKb: number;
  /** The budget's measure: the scripts the page loads before it is interactive — its module
   * script and every modulepreload of its HTML (browser tests check nothing else is fetched
   * before the page is ready) — at their gzip size, from the build's .gz copies. */
  initialJsKb: number;
}

interface LhResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] } }
  >;
}

async function once(url: string, port: number): Promise<PageScores> {
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = runner?.lhr as unknown as LhResult | undefined;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
  const value = (key: string) => lhr.audits[key]?.numericValue ?? Number.NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: value('cumulative-layout-shift'),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    scriptKb: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024,
    initialJsKb: await initialScriptsGzipKb(url),
  };
}

async function initialScriptsGzipKb(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const files = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => new URL(m[1] as string, url).href);
  return files.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
}

/** The gzip size of a built script, from its .gz copy in the browser's build. */
function gzipBytes(url: string): number {
  const file = join(process.env.WEB_DIST ?? 'dist/web', new URL(url).pathname);
  try {
    return statSync(`${file}.gz`).size;
  } catch {
    return statSync(file).size;
  }
}

/** A run again when Lighthouse's own trace failed (NO_NAVSTART, NO_FCP: "Please run Lighthouse
 * again"), up to three times; the page is not at fault. */
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.log(`  (Lighthouse failed to trace the page, running it again: ${String(error).slice(0, 120)})`);
    }
  }
}

/** Lighthouse's mobile defaults (simulated slow 4G, 4× CPU slowdown), `runs` times per page; the
 * median of each figure, since two shared cores swing a single run by several points. */
export async function lighthousePages(
  base: string,
  pages: string[],
  runs: number,
): Promise<Record<string, PageScores>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const out: Record<string, PageScores> = {};
    for (const page of pages) {
      const results: PageScores[] = [];
      for (let i = 0; i < runs; i++) results.push(await retried(() => once(`${base}${page}`, chrome.port)));
      const pick = (key: keyof PageScores) => median(results.map((r) => r[key]));
      out[page] = {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        cls: pick('cls'),
        lcpMs: pick('lcpMs'),
        fcpMs: pick('fcpMs'),
        tbtMs: pick('tbtMs'),
        scriptKb: pick('scriptKb'),
        initialJsKb: pick('initialJsKb'),
      };
    }
    return out;
  } finally {
    await chrome.kill();
  }
}
