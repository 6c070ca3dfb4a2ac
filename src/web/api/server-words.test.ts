import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 35, "the words of a bad moment": a page never builds what it shows from a failed call's
 * message itself (`e instanceof ApiError ? e.message : …`, `${e.message} …`): that message may be
 * 'Internal Server Error', a proxy's page or a framework's text. It asks serverMessage /
 * serverErrorText (server-error.ts), which give the server's words only when they are ours.
 */
const WEB = 'src/web';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `instanceof ApiError` then, within the same expression, the error's message used as words
 * (a comparison with a known message is not a use); or the message put into a template. */
const COMPOSED = [
  /instanceof ApiError[^;{}]{0,160}?\?\s*\(?\s*\w+\.(?:fields\.\w+\?\.\[0\]\s*\?\?\s*\w+\.)?message\b(?!\s*===)/,
  /instanceof ApiError\s*&&\s*\w+\.message\s*\?/,
  /\$\{\s*(?:e|err|error)\.message\s*\}/,
];

describe('failed calls are told in the spec’s words', () => {
  it("no page composes a message from a failed call's own message", () => {
    const offenders = sources(WEB)
      .filter((file) => !file.endsWith('api/server-error.ts'))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return COMPOSED.filter((pattern) => pattern.test(text)).map(() => file);
      });
    expect([...new Set(offenders)]).toEqual([]);
  });

  it('the check finds the ways it was done before issue 35', () => {
    const before = [
      'setError(e instanceof ApiError ? e.message : PAYMENT_MSG.initFailed);',
      "toast.error(e instanceof ApiError && e.message ? e.message : 'Failed to leave the family')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the old code's own text
      "const detail = e instanceof ApiError ? `${e.message} ` : '';",
      'setError(e instanceof ApiError ? (e.fields.card_number?.[0] ?? e.message) : PAYMENT_MSG.processFailed);',
    ];
    for (const line of before)
      expect(
        COMPOSED.some((p) => p.test(line)),
        line,
      ).toBe(true);
    const fine =
      'if (error instanceof ApiError && error.status === 401 && error.message === TOTP_MSG.challengeInvalid) {';
    expect(COMPOSED.some((p) => p.test(fine))).toBe(false);
  });
});
