import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasRefusedCharacters } from '../../domain/text.ts';
import { AppError } from '../errors.ts';

/** No text a client sends is ever this long; each field has its own, far smaller, maximum. */
const ANY_TEXT_MAX = 1_000_000;
const NOT_ALLOWED = 'The request contains characters that are not allowed.';

/** The path of the first string in `value` that no field of any route accepts, or null. */
export function firstRefusedString(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') {
    return value.length > ANY_TEXT_MAX || hasRefusedCharacters(value, true) ? path : null;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasRefusedCharacters(key, false)) return [...path, '(a field name)'];
    const found = firstRefusedString(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The safety net behind the per-field rules (src/domain/text.ts): after a route's schema has
 * accepted a request, no string left anywhere in its body or query may hold a NUL or another
 * control character, a lone surrogate, or a megabyte of text. Every field declared today already
 * refuses these with its own message; this holds for what a future schema forgets.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // callback style: a body-less GET without a query (most requests) passes without a promise
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    for (const part of [request.body, request.query]) {
      const path = firstRefusedString(part);
      if (path) return done(AppError.validation({ [path.join('.') || 'non_field_errors']: [NOT_ALLOWED] }));
    }
    done();
  });
}
