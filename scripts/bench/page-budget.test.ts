import { describe, expect, it } from 'vitest';
import type { PageScores } from './lighthouse.ts';
import { pageChecks } from './page-budget.ts';

const met: PageScores = {
  path: '/',
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
  cls: 0.02,
  lcpMs: 2500,
  fcpMs: 1800,
  tbtMs: 150,
  performanceRange: [93, 97],
  tbtRange: [100, 200],
  scriptKb: 210,
  initialJsKb: 150,
  initialJsFiles: 8,
  unanswered: [],
};

describe("a page's budget", () => {
  it('is met at every boundary: performance 95, CLS 0.02, LCP 2.5 s, 150 KB of initial JavaScript', () => {
    expect(pageChecks(met)).toEqual([]);
  });

  it('is missed one step past each boundary', () => {
    expect(pageChecks({ ...met, performance: 94 })).toEqual(['performance 94 < 95']);
    expect(pageChecks({ ...met, cls: 0.021 })).toEqual(['CLS 0.021 > 0.02']);
    expect(pageChecks({ ...met, lcpMs: 2501 })).toEqual(['LCP 2.50 s > 2.5 s']);
    expect(pageChecks({ ...met, initialJsKb: 150.1 })).toEqual(['initial JS 150.1 KB gzip > 150 KB']);
    expect(pageChecks({ ...met, accessibility: 99 })).toEqual(['accessibility 99']);
  });

  it('is missed by a run whose page did not answer its control, however good the scores', () => {
    const unanswered = ['run 3: Send Message with the form empty (its messages show): nothing answered'];
    expect(pageChecks({ ...met, unanswered })).toEqual([`did not answer, ${unanswered[0]}`]);
  });

  it('says a page that was not found, and nothing else', () => {
    expect(pageChecks({ ...met, path: '/events/hemel-open-slalom-2026-12-05', notFound: 404 })).toEqual([
      'not found: /events/hemel-open-slalom-2026-12-05 answered 404',
    ]);
  });
});
