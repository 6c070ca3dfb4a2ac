import { isPointsClub } from '../../domain/results/clubs.ts';

/**
 * The one address each page is painted and cached under (docs/decisions/0026-canonical-page-addresses.md).
 * A page asked for under any other spelling of its path (capitals, a trailing or doubled slash,
 * `.` and `..` segments, escapes such as `%6F`, the absolute form `http://host/booking`, a raw
 * `#fragment`) or with a query it does not read answers 308 to this address before anything is
 * painted, so the number of cached pages is bounded by the pages and their valid queries, not by
 * the spellings a visitor can invent.
 */
export interface PageAddress {
  /** The route's path, in lower case and without parameters (`/booking`). */
  path: string;
  /** Painted on the server (its query is then canonical too); a shell keeps its query as sent. */
  ssr: boolean;
}

/** A painted page's query: the pairs it reads, validated, in a fixed order; anything else goes. */
type QueryRule = (params: URLSearchParams, pagePaths: ReadonlySet<string>) => [string, string][];

const RESULT_TABS_SHOWN_IN_ADDRESS = new Set(['overall', 'clubs']);
const SEASON = 'season';

/** `/results?year=2026&club=HEM&tab=overall` (src/web/results/view.ts reads it, ResultsPage writes
 * it): a year of the results' range, a points club or the season totals, and a tab other than the
 * first (categories, the default) only with a club. Unreadable values are dropped, as the page
 * itself ignores them. */
const resultsQuery: QueryRule = (params) => {
  const pairs: [string, string][] = [];
  const year = params.get('year') ?? '';
  if (/^\d{4}$/.test(year) && Number(year) >= 2000 && Number(year) <= 2100) pairs.push(['year', year]);
  const asked = (params.get('club') ?? '').trim();
  const club = asked.toLowerCase() === SEASON ? SEASON : asked.toUpperCase();
  if (club === SEASON || isPointsClub(club)) {
    pairs.push(['club', club]);
    const tab = params.get('tab') ?? '';
    if (RESULT_TABS_SHOWN_IN_ADDRESS.has(tab)) pairs.push(['tab', tab]);
  }
  return pairs;
};

/** `/?redirect=%2Fprofile` (where a password change signs the user out): the page to go to after
 * signing in, kept when it is one of the site's pages. */
const homeQuery: QueryRule = (params, pagePaths) => {
  const target = params.get('redirect');
  return target && pagePaths.has(target) ? [['redirect', target]] : [];
};

/** The painted pages that read a query; every other painted page reads none. */
const PAGE_QUERIES: Record<string, QueryRule> = { '/': homeQuery, '/results': resultsQuery };

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** The path a request line names, decoded and resolved (`/A/./b//c/` → `/a/b/c`), in lower case;
 * null when it cannot name a page (a bad escape, `*`). */
function resolvedPath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

export interface PageAddresses {
  /** The canonical address of the page a request's raw target names, or null when it names no
   * page (the caller answers 404 as before). */
  canonical(rawUrl: string): string | null;
  /** Whether a painted page's canonical address may carry a query. */
  readsQuery(path: string): boolean;
}

/** Canonical addresses for the pages the renderer serves (their static paths; a path with a
 * parameter, such as a reset link, keeps its own spelling). */
export function pageAddresses(pages: readonly PageAddress[]): PageAddresses {
  const byPath = new Map<string, PageAddress>();
  for (const page of pages) if (!page.path.includes(':') && !page.path.includes('*')) byPath.set(page.path, page);
  const pagePaths: ReadonlySet<string> = new Set(byPath.keys());
  return {
    readsQuery: (path) => byPath.get(path)?.ssr === true && PAGE_QUERIES[path] !== undefined,
    canonical(rawUrl) {
      let target = rawUrl.replace(ABSOLUTE_FORM, '');
      if (target === '') target = '/';
      if (!target.startsWith('/')) return null;
      const hash = target.indexOf('#');
      if (hash !== -1) target = target.slice(0, hash);
      const mark = target.indexOf('?');
      const rawPath = mark === -1 ? target : target.slice(0, mark);
      const rawQuery = mark === -1 ? null : target.slice(mark + 1);
      const path = resolvedPath(rawPath);
      const page = path === null ? undefined : byPath.get(path);
      if (!page) return null;
      if (!page.ssr) return rawQuery === null ? page.path : `${page.path}?${rawQuery}`;
      const rule = PAGE_QUERIES[page.path];
      const pairs = rule ? rule(new URLSearchParams(rawQuery ?? ''), pagePaths) : [];
      return pairs.length === 0 ? page.path : `${page.path}?${new URLSearchParams(pairs).toString()}`;
    },
  };
}
