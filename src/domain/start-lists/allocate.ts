import { CATEGORY_KEYS, categoryKey, type Gender, type ResultCategory } from '../results/categories.ts';

/**
 * Bib allocation for a race's start list (docs/decisions/0048). Entrants are ordered by category
 * in the spec's order (doc 3 §9: Women then Men for each of U08 … MA4; entrants without a category
 * last), then either by name ("category order") or by a draw within seed groups: within each
 * category, entrants sorted by seed points (higher first) and cut into groups of 15, those
 * without seed points in groups of their own after them, the order inside each group drawn with the random source given (seeded in tests). Bibs run up
 * from the first bib, skipping reserved numbers and numbers already held.
 */
export const ALLOCATION_ORDERS = ['category', 'seeded'] as const;
export type AllocationOrder = (typeof ALLOCATION_ORDERS)[number];
export const SEED_GROUP_SIZE = 15;
export const HIGHEST_BIB = 9999;

export interface Entrant {
  userId: number;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  category: ResultCategory | null;
  /** Seed points (higher is better), null without any. */
  seed: number | null;
}

/** A random number in [0, 1). */
export type Random = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same draw. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The entrant's category table ('Women U12'), or null without gender or category. */
export function entrantGroup(e: Pick<Entrant, 'gender' | 'category'>): string | null {
  return e.gender && e.category ? categoryKey(e.gender, e.category) : null;
}

const rankOf = (e: Entrant) => {
  const key = entrantGroup(e);
  const i = key ? CATEGORY_KEYS.indexOf(key) : -1;
  return i < 0 ? CATEGORY_KEYS.length : i;
};

const byName = (a: Entrant, b: Entrant) =>
  a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
  a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) ||
  a.userId - b.userId;

function shuffle<T>(items: T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The entrants in start order. */
export function startOrder(entrants: readonly Entrant[], order: AllocationOrder, random: Random): Entrant[] {
  const groups = new Map<number, Entrant[]>();
  for (const e of entrants) {
    const rank = rankOf(e);
    groups.set(rank, [...(groups.get(rank) ?? []), e]);
  }
  const out: Entrant[] = [];
  for (const rank of [...groups.keys()].sort((a, b) => a - b)) {
    const members = [...(groups.get(rank) ?? [])].sort(byName);
    if (order === 'category') {
      out.push(...members);
      continue;
    }
    // seeded: best seed first in groups of 15, then the unseeded in groups of their own,
    // the order inside each group drawn
    const seeded = members.filter((e) => e.seed !== null).sort((a, b) => (b.seed ?? 0) - (a.seed ?? 0) || byName(a, b));
    const unseeded = members.filter((e) => e.seed === null);
    for (const ranked of [seeded, unseeded]) {
      for (let i = 0; i < ranked.length; i += SEED_GROUP_SIZE) {
        out.push(...shuffle(ranked.slice(i, i + SEED_GROUP_SIZE), random));
      }
    }
  }
  return out;
}

export interface AllocationInput {
  entrants: readonly Entrant[];
  order: AllocationOrder;
  firstBib: number;
  reserved: ReadonlySet<number>;
  /** Bibs kept as they are (allocating new entrants only): these numbers are taken. */
  kept?: ReadonlyMap<number, number>;
  random: Random;
}

export const ALLOCATION_MSG = {
  outOfNumbers: `There are not enough bib numbers up to ${HIGHEST_BIB} for every entrant.`,
} as const;

/**
 * Bibs for the entrants not in `kept`: in start order, from the first bib (or, when some are kept,
 * from one past the highest kept), skipping reserved and taken numbers. Answers userId → bib.
 */
export function allocateBibs(input: AllocationInput): { bibs: Map<number, number>; error: string | null } {
  const kept = input.kept ?? new Map<number, number>();
  const taken = new Set(kept.values());
  const toAllocate = input.entrants.filter((e) => !kept.has(e.userId));
  let next = Math.max(input.firstBib, kept.size ? Math.max(...taken) + 1 : input.firstBib);
  const out = new Map<number, number>();
  for (const e of startOrder(toAllocate, input.order, input.random)) {
    while (input.reserved.has(next) || taken.has(next)) next++;
    if (next > HIGHEST_BIB) return { bibs: new Map(), error: ALLOCATION_MSG.outOfNumbers };
    out.set(e.userId, next);
    taken.add(next);
    next++;
  }
  return { bibs: out, error: null };
}
