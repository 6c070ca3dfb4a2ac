import { type ResultRow, rowPlace } from '../../../domain/results/index.ts';
import { ApiError } from '../../api/client.ts';
import { serverErrorText } from '../../api/server-error.ts';

/** The server's refusal, line by line ('Line 7: …'), under the spec's message: a message about a
 * row's field (`results.3.name`) that does not name its line yet (the request's own checks answer
 * by field) is given the line of the row sent; the same message twice is shown once. */
export function refusalLines(error: unknown, sent: readonly ResultRow[]): string[] {
  if (!(error instanceof ApiError)) return [];
  const lines = Object.entries(error.fields).flatMap(([key, messages]) => {
    const index = /^results\.(\d+)\./.exec(key)?.[1];
    const row = index === undefined ? undefined : sent[Number(index)];
    return messages.map((m) => (row && !/^(Line|Row) \d+: /.test(m) ? `${rowPlace(row, Number(index))}: ${m}` : m));
  });
  const unique = [...new Set(lines)];
  const said = serverErrorText(error);
  return unique.length ? unique.slice(0, 20) : said ? [said] : [];
}
