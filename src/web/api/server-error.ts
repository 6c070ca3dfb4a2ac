import { ApiError } from './client.ts';

/**
 * The server's own words for a failed call, or null when it sent none a person should read.
 * Our server answers every error as JSON `{ error, code }` (src/server/plugins/errors.ts), so only
 * an ApiError that carries a code counts. A network failure ('Failed to fetch'), a page from a
 * proxy (a 502 in HTML) and the server's generic 500 (its details are hidden) have none.
 */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code === undefined || error.code === 'INTERNAL') return null;
  return error.message.trim() || null;
}

/** The server's message when it sent one (see serverErrorText), else the fallback the spec gives. */
export function serverMessage(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}
