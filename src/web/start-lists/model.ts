import { CATEGORY_KEYS } from '../../domain/results/categories.ts';
import type { StartListEntry } from './api.ts';

export const NO_CATEGORY = 'No category (date of birth or gender missing)';

/** The entries in tables by category, in the spec's category order; bib order inside each. */
export function byCategory(entries: readonly StartListEntry[]): { title: string; entries: StartListEntry[] }[] {
  const groups = new Map<string, StartListEntry[]>();
  for (const e of entries) {
    const key = e.group ?? NO_CATEGORY;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const rank = (key: string) => {
    const i = CATEGORY_KEYS.indexOf(key);
    return i < 0 ? CATEGORY_KEYS.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([title, list]) => ({
      title,
      entries: [...list].sort((a, b) => (a.bib ?? Number.MAX_SAFE_INTEGER) - (b.bib ?? Number.MAX_SAFE_INTEGER)),
    }));
}
