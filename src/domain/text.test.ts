import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasRefusedCharacters, TEXT_MSG, type TextRule, textField, textProblem, textRules } from './text.ts';

const single: TextRule = { label: 'Question', max: 10 };
const multi: TextRule = { label: 'Answer', max: 10, multiline: true };

/** Every code point the rule refuses in a single-line field: C0, DEL and C1. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
].map((c) => String.fromCharCode(c));

describe('the shared text rule', () => {
  it('has its messages', () => {
    expect(TEXT_MSG.tooLong('Question', 500)).toBe('Question must be 500 characters or fewer');
    expect(TEXT_MSG.notAllowed('Question')).toBe('Question contains characters that are not allowed');
    expect(TEXT_MSG.notText('Question')).toBe('Question must be text');
    expect(TEXT_MSG.required('Question')).toBe('Question is required');
  });

  it('accepts the maximum and refuses one more', () => {
    expect(textProblem('q'.repeat(10), single)).toBeNull();
    expect(textProblem('q'.repeat(11), single)).toBe('Question must be 10 characters or fewer');
    expect(textProblem('', single)).toBeNull();
  });

  it('refuses every C0 control, DEL and every C1 control in a single-line field', () => {
    expect(CONTROLS).toHaveLength(65);
    for (const c of CONTROLS) {
      expect(textProblem(`a${c}b`, single), `U+${c.charCodeAt(0).toString(16)}`).toBe(
        'Question contains characters that are not allowed',
      );
    }
  });

  it('allows tab, line feed and carriage return only in a multi-line field', () => {
    for (const c of ['\t', '\n', '\r', '\r\n']) {
      expect(textProblem(`a${c}b`, multi)).toBeNull();
      expect(textProblem(`a${c}b`, single)).toBe('Question contains characters that are not allowed');
    }
    const stillRefused = CONTROLS.filter((c) => !['\t', '\n', '\r'].includes(c));
    expect(stillRefused).toHaveLength(62);
    for (const c of stillRefused) {
      expect(textProblem(`a${c}b`, multi)).toBe('Answer contains characters that are not allowed');
    }
  });

  it('refuses lone surrogates and accepts a proper pair', () => {
    expect(textProblem('a\ud83db', single)).toBe('Question contains characters that are not allowed');
    expect(textProblem('a\ude00b', single)).toBe('Question contains characters that are not allowed');
    expect(textProblem('\ude00\ud83d', multi)).toBe('Answer contains characters that are not allowed');
    expect(textProblem('a\ud83d\ude00b', single)).toBeNull();
  });

  it('refuses the bidirectional overrides and isolates, which disguise text, in every field', () => {
    for (const ch of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(textProblem(`Ab${ch}cd`, single), ch.codePointAt(0)?.toString(16)).toBe(
        'Question contains characters that are not allowed',
      );
      expect(textProblem(`Ab${ch}cd`, multi)).toBe('Answer contains characters that are not allowed');
    }
    // the marks that only set a direction, used in Arabic and Hebrew text, stay allowed
    expect(hasRefusedCharacters('\u200e\u200f\u061c')).toBe(false);
  });

  it('accepts the printable characters next to the refused ranges', () => {
    expect(hasRefusedCharacters(' ~\u00a0\u00ff\u2028\u2029\u2065\u206aé€')).toBe(false);
  });

  it('uses the field’s own format message instead of the generic ones', () => {
    const rule: TextRule = { label: 'Email', max: 5, format: 'Please enter a valid email address' };
    expect(textProblem('a'.repeat(6), rule)).toBe('Please enter a valid email address');
    expect(textProblem('a\u0000', rule)).toBe('Please enter a valid email address');
  });

  it('property: the rule refuses a value exactly when it is too long or holds a refused character', () => {
    const unit = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 3 }),
      fc.constantFrom(...CONTROLS, '\ud800', '\udfff', '\u202e', '\u2067'),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), fc.boolean(), (parts, multiline) => {
        const value = parts.join('');
        const rule = { label: 'Field', max: 12, multiline };
        const refusedChar = [...value].some((ch) => {
          const c = ch.codePointAt(0) ?? 0;
          const control =
            c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
          const allowed = multiline && (ch === '\t' || ch === '\n' || ch === '\r');
          return (control && !allowed) || (c >= 0xd800 && c <= 0xdfff);
        });
        const expected =
          value.length > 12 ? TEXT_MSG.tooLong('Field', 12) : refusedChar ? TEXT_MSG.notAllowed('Field') : null;
        expect(textProblem(value, rule)).toBe(expected);
      }),
      { seed: 6, numRuns: 200 },
    );
  });
});

describe('textField (the zod form of the rule)', () => {
  const schema = z.strictObject({
    question: textField({ ...single, required: 'Question is required' }),
    answer: textField(multi).optional(),
    secret: textField({ label: 'Password', max: 8, raw: true }).default(''),
  });
  const issues = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('counts length in UTF-16 units as textProblem and the browser do, not in code points', () => {
    // five emoji: five code points, ten units; the password field takes eight
    const emoji = '🖢🪳🖢🪳🖢';
    expect(textProblem(emoji, { label: 'Password', max: 8 })).toBe(TEXT_MSG.tooLong('Password', 8));
    expect(issues({ question: 'Why?', secret: emoji })).toEqual([['secret', TEXT_MSG.tooLong('Password', 8)]]);
    expect(issues({ question: 'Why?', secret: '🖢🪳🖢🪳' })).toEqual([]);
  });

  it('answers the required message for a missing or null value, and "must be text" for another type', () => {
    expect(issues({})).toEqual([['question', 'Question is required']]);
    expect(issues({ question: null })).toEqual([['question', 'Question is required']]);
    expect(issues({ question: 'Why?', answer: 42 })).toEqual([['answer', 'Answer must be text']]);
    expect(issues({ question: ['Why?'] })).toEqual([['question', 'Question is required']]);
  });

  it('prefers the format message for a value of another type', () => {
    const email = textField({ label: 'Email', max: 5, format: 'Bad email' });
    expect(email.safeParse(42).error?.issues[0]?.message).toBe('Bad email');
  });

  it('trims before measuring, so surrounding spaces do not count', () => {
    expect(schema.parse({ question: `  ${'q'.repeat(10)}  ` }).question).toBe('q'.repeat(10));
    expect(issues({ question: 'q'.repeat(11) })).toEqual([['question', 'Question must be 10 characters or fewer']]);
  });

  it('keeps a raw field exactly as sent', () => {
    expect(schema.parse({ question: 'Why?', secret: ' pass ' }).secret).toBe(' pass ');
    expect(issues({ question: 'Why?', secret: '  pass   ' })).toEqual([
      ['secret', 'Password must be 8 characters or fewer'],
    ]);
  });

  it('refuses control characters with one message per field, and a huge value by its length alone', () => {
    expect(issues({ question: 'a\u0000b', answer: 'a\u0085b' })).toEqual([
      ['question', 'Question contains characters that are not allowed'],
      ['answer', 'Answer contains characters that are not allowed'],
    ]);
    expect(issues({ question: `${'\u0000'.repeat(1_000_000)}x` })).toEqual([
      ['question', 'Question must be 10 characters or fewer'],
    ]);
    expect(issues({ question: 'Why?', answer: 'one\ttwo' })).toEqual([]);
    expect(issues({ question: 'one\ttwo' })).toEqual([
      ['question', 'Question contains characters that are not allowed'],
    ]);
  });

  it('records its rule, so that route schemas can be checked field by field', () => {
    expect(textRules.get(schema.shape.answer.unwrap())).toEqual(multi);
  });
});
