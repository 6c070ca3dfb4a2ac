import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './http.ts';

/** DESIGN.md's Chromium flags (without the networking ones Chromium keeps trying to go online). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How long a page has to become interactive (`data-ready`) once loaded. */
const READY_MS = 15_000;

/**
 * A page the bench measures, and what proves it still works: after each Lighthouse run the bench
 * opens it again in the same Chromium, waits for it to say it is interactive, uses its main
 * control (`act`) and waits for the visible answer (`answered`); a page that does not answer
 * within a few seconds fails the run.
 */
export interface BenchPage {
  /** The name in the report (the address when none). */
  name: string;
  path: string;
  /** What the check does, in words, for the report. */
  control: string;
  act: (page: Page) => Promise<void>;
  answered: (page: Page) => Promise<void>;
}

export interface PageScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** The lowest and highest performance score of the runs. */
  performanceRange: [number, number];
  /** The lowest and highest total blocking time of the runs. */
  tbtRange: [number, number];
  /** Every script fetched during Lighthouse's trace, as sent (it includes chunks loaded when the
   * browser is idle after the page became interactive). */
  scriptKb: number;
  /** The budget's measure: the scripts the page loads before it is interactive — its module
   * script and every modulepreload of its HTML (browser tests check nothing else is fetched
   * before the page is ready) — at their gzip size, from the build's .gz copies. */
  initialJsKb: number;
  /** How many files those scripts are: each is a request the simulated phone connection waits
   * for before the first paint (docs/decisions/0044). */
  initialJsFiles: number;
  /** The runs whose page did not answer its control after Lighthouse, with why. */
  unanswered: string[];
  /** The page answered with this status instead of 200 (e.g. 404): nothing was measured. */
  notFound?: number;
}

interface LhResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] } }
  >;
}

type RunScores = Omit<PageScores, 'path' | 'performanceRange' | 'tbtRange' | 'unanswered' | 'notFound'> & {
  /** Lighthouse's "mainthread-work-breakdown" and "bootup-time" totals, ms (for comparisons). */
  mainThreadMs: number;
  scriptMs: number;
};

/** One Lighthouse run (mobile defaults) of `url` in the Chromium listening on `port`. */
export async function lighthouseOnce(
  url: string,
  port: number,
  webDist = process.env.WEB_DIST ?? 'dist/web',
): Promise<RunScores> {
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
    mainThreadMs: value('mainthread-work-breakdown'),
    scriptMs: value('bootup-time'),
    scriptKb: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024,
    ...(await initialScripts(url, webDist)),
  };
}

async function initialScripts(url: string, webDist: string): Promise<{ initialJsKb: number; initialJsFiles: number }> {
  const html = await (await fetch(url)).text();
  const files = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => new URL(m[1] as string, url).href);
  return {
    initialJsKb: files.reduce((sum, file) => sum + gzipBytes(file, webDist), 0) / 1024,
    initialJsFiles: files.length,
  };
}

/** The gzip size of a built script, from its .gz copy in the browser's build. */
function gzipBytes(url: string, webDist: string): number {
  const file = join(webDist, new URL(url).pathname);
  try {
    return statSync(`${file}.gz`).size;
  } catch {
    return statSync(file).size;
  }
}

/** A run again when Lighthouse's own trace failed (NO_NAVSTART, NO_FCP: "Please run Lighthouse
 * again"), up to three times; the page is not at fault. */
export async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.log(`  (Lighthouse failed to trace the page, running it again: ${String(error).slice(0, 120)})`);
    }
  }
}

/** The page opened afresh at a phone's size in the Chromium Lighthouse used, made interactive and
 * used: null when it answered, else why not. */
async function stillWorks(browser: Browser, url: string, check: BenchPage): Promise<string | null> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    try {
      await page.locator('html[data-ready="true"]').waitFor({ state: 'attached', timeout: READY_MS });
    } catch {
      return `never said it was interactive (data-ready) within ${READY_MS / 1000} s`;
    }
    try {
      await check.act(page);
    } catch (error) {
      return `could not use ${check.control}: ${firstLine(error)}`;
    }
    try {
      await check.answered(page);
    } catch (error) {
      return `${check.control}: nothing answered (${firstLine(error)})`;
    }
    return null;
  } finally {
    await context.close();
  }
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
}

/** Lighthouse's mobile defaults (simulated slow 4G, 4× CPU slowdown), `runs` times per page; the
 * median of each figure, since two shared cores swing a single run by several points. After each
 * run the page is used once (BenchPage). A page that does not answer 200 is reported, not run. */
export async function lighthousePages(
  base: string,
  pages: BenchPage[],
  runs: number,
  onPage: (name: string, scores: PageScores) => void = () => {},
): Promise<Record<string, PageScores>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  let browser: Browser | null = null;
  try {
    const out: Record<string, PageScores> = {};
    for (const check of pages) {
      const url = `${base}${check.path}`;
      const status = (await fetch(url, { redirect: 'manual' })).status;
      if (status !== 200) {
        out[check.name] = notMeasured(check.path, status);
        onPage(check.name, out[check.name] as PageScores);
        continue;
      }
      const results: RunScores[] = [];
      const unanswered: string[] = [];
      for (let i = 0; i < runs; i++) {
        results.push(await retried(() => lighthouseOnce(url, chrome.port)));
        // Playwright joins the Chromium between runs only: Lighthouse wants it to itself
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const problem = await stillWorks(browser, url, check);
        await browser.close();
        browser = null;
        if (problem) unanswered.push(`run ${i + 1}: ${problem}`);
      }
      const pick = (key: keyof RunScores & keyof PageScores) => median(results.map((r) => r[key]));
      const performances = results.map((r) => r.performance);
      const tbts = results.map((r) => r.tbtMs);
      out[check.name] = {
        path: check.path,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        cls: pick('cls'),
        lcpMs: pick('lcpMs'),
        fcpMs: pick('fcpMs'),
        tbtMs: pick('tbtMs'),
        performanceRange: [Math.min(...performances), Math.max(...performances)],
        tbtRange: [Math.min(...tbts), Math.max(...tbts)],
        scriptKb: pick('scriptKb'),
        initialJsKb: pick('initialJsKb'),
        initialJsFiles: pick('initialJsFiles'),
        unanswered,
      };
      onPage(check.name, out[check.name] as PageScores);
    }
    return out;
  } finally {
    await browser?.close();
    await chrome.kill();
  }
}

function notMeasured(path: string, status: number): PageScores {
  return {
    path,
    performance: 0,
    accessibility: 0,
    bestPractices: 0,
    seo: 0,
    cls: 0,
    lcpMs: 0,
    fcpMs: 0,
    tbtMs: 0,
    performanceRange: [0, 0],
    tbtRange: [0, 0],
    scriptKb: 0,
    initialJsKb: 0,
    initialJsFiles: 0,
    unanswered: [],
    notFound: status,
  };
}
