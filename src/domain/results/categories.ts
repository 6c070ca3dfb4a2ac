/** Categories, genders and the groups results are shown in (doc 3 §9). */
export const RESULT_CATEGORIES = ['U08', 'U10', 'U12', 'U14', 'U16', 'U18', 'U21', 'SM1', 'MA2', 'MA3', 'MA4'] as const;
export type ResultCategory = (typeof RESULT_CATEGORIES)[number];
/** The young categories: their three-run races count the two best runs, and they form the
 * U08-U12 overall groups. */
export const YOUNG_CATEGORIES: readonly ResultCategory[] = ['U08', 'U10', 'U12'];

export const GENDERS = ['Women', 'Men'] as const;
export type Gender = (typeof GENDERS)[number];

/** A category table's name: 'Women U08'. */
export function categoryKey(gender: Gender, category: ResultCategory): string {
  return `${gender} ${category}`;
}

/** Category tables in the order doc 3 §9 gives: Women then Men for each category. */
export const CATEGORY_KEYS: readonly string[] = RESULT_CATEGORIES.flatMap((c) => GENDERS.map((g) => categoryKey(g, c)));

/** The four overall groups, keyed as the season-totals call names them (doc 3 §7), with their
 * titles. */
export const OVERALL_GROUPS = [
  { key: 'junior_women', title: 'Women U08-U12', gender: 'Women', young: true },
  { key: 'junior_men', title: 'Men U08-U12', gender: 'Men', young: true },
  { key: 'senior_women', title: 'Women U14-MA4', gender: 'Women', young: false },
  { key: 'senior_men', title: 'Men U14-MA4', gender: 'Men', young: false },
] as const;
export type OverallGroupKey = (typeof OVERALL_GROUPS)[number]['key'];
export const OVERALL_GROUP_KEYS = OVERALL_GROUPS.map((g) => g.key) as [OverallGroupKey, ...OverallGroupKey[]];
/** The public page's order of the season groups (doc 3 §9): Men first. */
export const SEASON_GROUP_ORDER: readonly OverallGroupKey[] = [
  'junior_men',
  'junior_women',
  'senior_men',
  'senior_women',
];

export function overallGroupOf(gender: Gender, category: ResultCategory): (typeof OVERALL_GROUPS)[number] {
  const young = YOUNG_CATEGORIES.includes(category);
  const group = OVERALL_GROUPS.find((g) => g.gender === gender && g.young === young);
  if (!group) throw new Error(`no overall group for ${gender} ${category}`);
  return group;
}

/** A category as the file writes it ('u08', 'U8', ' MA2 ') in its canonical form, or null. */
export function readCategory(text: string): ResultCategory | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, '');
  const padded = /^U\d$/.test(t) ? `U0${t.slice(1)}` : t;
  return (RESULT_CATEGORIES as readonly string[]).includes(padded) ? (padded as ResultCategory) : null;
}

/** A gender as the file writes it (M, F, W, Male, Female, Men, Women, Man, Woman, Boys, Girls,
 * Ladies) as Men or Women, or null. */
export function readGender(text: string): Gender | null {
  const t = text.trim().toLowerCase();
  if (['m', 'male', 'men', 'man', 'boy', 'boys', 'mens', "men's"].includes(t)) return 'Men';
  if (['f', 'w', 'female', 'women', 'woman', 'girl', 'girls', 'ladies', 'lady', 'womens', "women's"].includes(t))
    return 'Women';
  return null;
}
