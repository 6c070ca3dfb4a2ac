import { type Column, type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern for text containing `text` (lower-cased by the caller): `%`, `_` and `\` in a
 * search are the letters typed, not patterns. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An account (the users table or an alias of it) whose first name, last name, "first last",
 * username or e-mail contains the search, in any case: one LIKE on `search_text`, which the
 * trigram index answers (schema.ts). */
export function personMatches(account: { searchText: Column }, search: string): SQL {
  return sql`${account.searchText} like ${containing(search.trim().toLowerCase())}`;
}

/** The racer number a search names, when it is digits only. */
export function racerNumberIn(search: string): number | null {
  const digits = search.trim();
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}
