/** PostgreSQL's SQLSTATE of an error from pg or PGlite, possibly wrapped by Drizzle (its `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG = {
  uniqueViolation: '23505',
  divisionByZero: '22012',
  deadlock: '40P01',
} as const;

/** The first row of a raw statement's answer, from pg (QueryResult) or PGlite (Results). */
export function firstRow<T>(result: unknown): T | undefined {
  return (result as { rows?: T[] }).rows?.[0];
}
