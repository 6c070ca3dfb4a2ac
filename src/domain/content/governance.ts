import { z } from 'zod';
import { type TextRule, textField } from '../text.ts';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText } from './shared.ts';

export const GOVERNANCE_MAX = 20_000;
const PARAGRAPH = {
  label: 'Paragraph',
  max: GOVERNANCE_MAX,
  multiline: true,
  required: CONTENT_MSG.paragraphRequired,
} as const satisfies TextRule;

/** PATCH /governance/update/. */
export const governanceUpdateSchema = z.strictObject({ paragraph: textField(PARAGRAPH).default('') });

export function validateGovernance(v: { paragraph: string }): FieldMessages {
  return collect([['paragraph', requiredText(v.paragraph, PARAGRAPH)]]);
}
