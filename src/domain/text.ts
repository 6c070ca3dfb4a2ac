import { z } from 'zod';

/**
 * The one rule every text a client sends passes (DESIGN.md "Security rules every route follows"):
 * a maximum length, and no control characters. The schemas of every route build their string
 * fields with `textField`, and the forms' validate functions call `textProblem` with the same
 * rule, so the browser and the server refuse the same values with the same words.
 *
 * Refused everywhere: C0 controls (U+0000-U+001F), DEL (U+007F), C1 controls (U+0080-U+009F), the
 * bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069: they make
 * text display in another order than it reads, to disguise a name or a link) and
 * lone surrogates (a string that is not well-formed UTF-16, which no database can store). A
 * multi-line field (an FAQ answer, a paragraph, a message) also allows tab, line feed and carriage
 * return. Length counts UTF-16 code units after trimming, as the browser's maxlength does.
 */
export interface TextRule {
  /** How the field is named in messages: 'First name'. */
  label: string;
  /** The most characters a value may have. */
  max: number;
  /** Tab, line feed and carriage return allowed. */
  multiline?: boolean;
  /** Kept exactly as sent (passwords, tokens); every other field is trimmed first. */
  raw?: boolean;
  /** The message for a missing value (or null) where a schema has no default; else TEXT_MSG.required. */
  required?: string;
  /** The spec's message for this field's format, used instead of the generic too-long,
   * characters-not-allowed and not-text messages (the spec's wording where it gives one). */
  format?: string;
}

export const TEXT_MSG = {
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
  notText: (label: string) => `${label} must be text`,
  required: (label: string) => `${label} is required`,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const SINGLE_LINE_REFUSED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** String.prototype.isWellFormed (ES2024; the project's TypeScript library stops at ES2023). */
const isWellFormed = (value: string): boolean => (value as unknown as { isWellFormed(): boolean }).isWellFormed();

/** True when the value holds a character the rule refuses. */
export function hasRefusedCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_REFUSED : SINGLE_LINE_REFUSED).test(value) || !isWellFormed(value);
}

/** The message for a value (already trimmed unless the rule is raw) that breaks the rule, or null. */
export function textProblem(value: string, rule: TextRule): string | null {
  if (value.length > rule.max) return rule.format ?? TEXT_MSG.tooLong(rule.label, rule.max);
  if (hasRefusedCharacters(value, rule.multiline)) return rule.format ?? TEXT_MSG.notAllowed(rule.label);
  return null;
}

/** A text a multipart form may send in a file's place (a client re-sending the current file's
 * address): the server ignores it, but it passes the rule like any other text. */
export const fileAsText = (label: string): TextRule => ({ label, max: 500 });

/** Every text field a route reads, with its rule: the input test walks route schemas with it. */
export const textRules = z.registry<TextRule>();

/**
 * A string field under the rule: trimmed (unless raw), at most `max` characters (the length is
 * checked first, so a huge value costs nothing more), no refused characters. A missing value or
 * null answers the rule's required message, a value that is not a string its format message.
 * Chain `.default('')` or `.optional()` as the form needs.
 */
export function textField(rule: TextRule) {
  const notText = rule.format ?? rule.required ?? TEXT_MSG.notText(rule.label);
  const missing = rule.required ?? TEXT_MSG.required(rule.label);
  const base = z.string({ error: (issue) => (issue.input == null ? missing : notText) });
  const schema = (rule.raw ? base : base.trim())
    // UTF-16 units, as the browser's maxlength and textProblem count (zod's max counts code points)
    .refine((value) => value.length <= rule.max, {
      error: rule.format ?? TEXT_MSG.tooLong(rule.label, rule.max),
      abort: true,
    })
    .refine((value) => !hasRefusedCharacters(value, rule.multiline), {
      error: rule.format ?? TEXT_MSG.notAllowed(rule.label),
    });
  return schema.register(textRules, rule);
}
