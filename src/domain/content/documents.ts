import { z } from 'zod';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText } from './shared.ts';

/** The Safeguarding page links the organisation document with exactly this name (case included). */
export const SAFEGUARDING_POLICY_NAME = 'Safeguarding Policy';
export const DOCUMENT_NAME_MAX = 150;

/** Multipart text fields: `document` sent as text (not a file) is ignored. */
export const documentFormSchema = z.strictObject({
  name: z.string().trim().optional(),
  document: z.string().optional(),
});
export type DocumentForm = z.infer<typeof documentFormSchema>;

/** Name required; on create the PDF is required too (the file's type is checked by content). */
export function validateDocument(v: { name: string; hasFile: boolean }): FieldMessages {
  return collect([
    ['name', requiredText(v.name, CONTENT_MSG.documentNameRequired, 'Document name', DOCUMENT_NAME_MAX)],
    ['document', v.hasFile ? null : CONTENT_MSG.documentFileRequired],
  ]);
}

/** The document the Safeguarding page links, found by its exact name. */
export function findSafeguardingPolicy<T extends { name: string }>(documents: readonly T[]): T | undefined {
  return documents.find((d) => d.name === SAFEGUARDING_POLICY_NAME);
}
