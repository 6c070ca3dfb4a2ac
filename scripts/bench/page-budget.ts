import type { PageScores } from './lighthouse.ts';

/** DESIGN.md's and issue 26's budgets for a public page under Lighthouse mobile (median of the runs). */
export const PAGE_BUDGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 95, cls: 0.02, lcpMs: 2500 };
/** The scripts a page loads before it is interactive, KB (1024 bytes) of gzip. */
export const INITIAL_JS_KB = 150;

/** What a page missed: every budget it is over, every run whose page did not answer its control,
 * or that it was not found (nothing else is measured then). Empty when it met them all. */
export function pageChecks(s: PageScores): string[] {
  if (s.notFound) return [`not found: ${s.path} answered ${s.notFound}`];
  const missed: string[] = [];
  if (s.performance < PAGE_BUDGET.performance) missed.push(`performance ${s.performance} < ${PAGE_BUDGET.performance}`);
  if (s.accessibility < PAGE_BUDGET.accessibility) missed.push(`accessibility ${s.accessibility}`);
  if (s.bestPractices < PAGE_BUDGET.bestPractices) missed.push(`best practices ${s.bestPractices}`);
  if (s.seo < PAGE_BUDGET.seo) missed.push(`SEO ${s.seo} < ${PAGE_BUDGET.seo}`);
  if (s.cls > PAGE_BUDGET.cls) missed.push(`CLS ${s.cls.toFixed(3)} > ${PAGE_BUDGET.cls}`);
  if (s.lcpMs > PAGE_BUDGET.lcpMs) missed.push(`LCP ${(s.lcpMs / 1000).toFixed(2)} s > 2.5 s`);
  if (s.initialJsKb > INITIAL_JS_KB)
    missed.push(`initial JS ${s.initialJsKb.toFixed(1)} KB gzip > ${INITIAL_JS_KB} KB`);
  missed.push(...s.unanswered.map((u) => `did not answer, ${u}`));
  return missed;
}
