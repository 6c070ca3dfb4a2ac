import { z } from 'zod';
import { fileAsText, type TextRule, textField } from '../text.ts';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText } from './shared.ts';

export { findSafeguardingPolicy, SAFEGUARDING_POLICY_NAME } from './safeguarding.ts';

export const DOCUMENT_NAME_MAX = 150;
const DOCUMENT_NAME = {
  label: 'Document name',
  max: DOCUMENT_NAME_MAX,
  required: CONTENT_MSG.documentNameRequired,
} as const satisfies TextRule;

/** Multipart text fields: `document` sent as text (not a file) is ignored. */
export const documentFormSchema = z.strictObject({
  name: textField(DOCUMENT_NAME).optional(),
  document: textField(fileAsText('Document')).optional(),
});
export type DocumentForm = z.infer<typeof documentFormSchema>;

/** Name required; on create the PDF is required too (the file's type is checked by content). */
export function validateDocument(v: { name: string; hasFile: boolean }): FieldMessages {
  return collect([
    ['name', requiredText(v.name, DOCUMENT_NAME)],
    ['document', v.hasFile ? null : CONTENT_MSG.documentFileRequired],
  ]);
}
