import { z } from 'zod';
import type { FieldMessages } from '../accounts/validation.ts';
import { TEXT_MSG, type TextRule, textProblem } from '../text.ts';

export type { FieldMessages };

/** The first message of each field, in the order given. */
export function collect(entries: [string, string | null][]): FieldMessages {
  const out: FieldMessages = {};
  for (const [field, message] of entries) if (message && !out[field]) out[field] = message;
  return out;
}

/** Required and within the field's text rule: the rule's required message, its text message, or
 * null. Optional fields call textProblem alone. */
export function requiredText(value: string, rule: TextRule): string | null {
  if (!value.trim()) return rule.required ?? TEXT_MSG.required(rule.label);
  return textProblem(value, rule);
}

/** A multipart "remove the stored file" flag. */
export const clearFlag = z.enum(['true', 'false'], { error: 'Must be true or false' }).optional();
