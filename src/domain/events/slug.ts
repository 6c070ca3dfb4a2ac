/**
 * An event's address name (doc 2 §5): the lowercased, hyphenated name plus the year,
 * ('Club Race', '2026-02-14') → 'club-race-2026'. Accents are dropped, apostrophes vanish
 * ("Kid's" → 'kids'), every other run of punctuation or space becomes one hyphen. A name that
 * already ends with the year does not get it twice; a name with no letters or digits becomes
 * 'event'. The server makes it unique with `uniqueSlug`.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest slug an address may name: 80 characters of name, the year and a counter fit. */
export const SLUG_MAX = 120;

export function eventSlug(name: string, date: string): string {
  const year = date.slice(0, 4);
  const words =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'event';
  const stem = words.slice(0, 80).replace(/-+$/, '');
  return stem === year || stem.endsWith(`-${year}`) ? stem : `${stem}-${year}`;
}

/** `base` if free, otherwise `base-2`, `base-3` … the first one not taken. */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
