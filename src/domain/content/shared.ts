import { z } from 'zod';
import type { FieldMessages } from '../accounts/validation.ts';
import { CONTENT_MSG } from './messages.ts';

export type { FieldMessages };

/** The first message of each field, in the order given. */
export function collect(entries: [string, string | null][]): FieldMessages {
  const out: FieldMessages = {};
  for (const [field, message] of entries) if (message && !out[field]) out[field] = message;
  return out;
}

/** Required and at most `max` characters: the required message, the length message, or null. */
export function requiredText(value: string, required: string, label: string, max: number): string | null {
  if (!value.trim()) return required;
  return value.length <= max ? null : CONTENT_MSG.tooLong(label, max);
}

/** Optional, at most `max` characters. */
export function optionalText(value: string, label: string, max: number): string | null {
  return value.length <= max ? null : CONTENT_MSG.tooLong(label, max);
}

/** A text field as it arrives: trimmed; missing is empty. */
export const textField = z.string().trim().default('');

/** A multipart "remove the stored file" flag. */
export const clearFlag = z.enum(['true', 'false']).optional();
