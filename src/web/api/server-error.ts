import { ApiError } from './client.ts';

/**
 * The server's own words for a failed call, or null when it sent none a person should read.
 * Our server answers every error as JSON `{ error, code }` (src/server/plugins/errors.ts), so only
 * an ApiError that carries a code counts. A network failure ('Failed to fetch'), a page from a
 * proxy (a 502 in HTML, or JSON naming only the status: no code) and the server's generic 500 (its
 * details are hidden: 'Internal Server Error', code INTERNAL) have none; our server sends no other
 * status text and never Fastify's own error shape (its one error handler answers every error).
 *
 * Every message a page composes from a failed call goes through here or serverMessage (issue 35;
 * server-words.test.ts checks): the spec's words are shown, and the server's only where the spec
 * says "the server message, else …". This module is in /contact's first scripts, a few bytes under
 * that page's budget: keep it as small as it is.
 */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code === undefined || error.code === 'INTERNAL') return null;
  return error.message.trim() || null;
}

/** The server's message when it sent one (see serverErrorText), else the fallback the spec gives. */
export function serverMessage(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}
