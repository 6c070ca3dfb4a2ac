import { z } from 'zod';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText, textField } from './shared.ts';

export const GOVERNANCE_MAX = 20_000;

/** PATCH /governance/update/. */
export const governanceUpdateSchema = z.strictObject({ paragraph: textField });

export function validateGovernance(v: { paragraph: string }): FieldMessages {
  return collect([
    ['paragraph', requiredText(v.paragraph, CONTENT_MSG.paragraphRequired, 'Paragraph', GOVERNANCE_MAX)],
  ]);
}
