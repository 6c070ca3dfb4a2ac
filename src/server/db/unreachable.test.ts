import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './client.ts';

/** Issue 24: which failures mean "the database cannot be reached" (503), from either driver. */
describe('isDatabaseUnreachable', () => {
  const wrapped = (cause: unknown) =>
    Object.assign(new Error('Failed query: select 1\nparams: '), { name: 'DrizzleQueryError', cause });

  it('knows pg’s connection failures, wrapped by Drizzle or not', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '08006']) {
      expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('x'), { code }))), code).toBe(true);
    }
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    const refused = Object.assign(new Error('x'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnreachable(new AggregateError([refused], ''))).toBe(true);
    expect(isDatabaseUnreachable(new Error('PGlite is closed'))).toBe(true);
  });

  it('leaves every other failure a 500', () => {
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError('x is not a function'))).toBe(false);
    // a parameter that happens to hold the words is not the failure
    expect(isDatabaseUnreachable(new Error('Failed query: select $1\nparams: Connection terminated'))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
