import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type FieldMessages, toFieldErrors } from '../../domain/accounts/index.ts';
import { AppError, type FieldErrors, fieldErrors } from '../errors.ts';
import { zodFieldErrors } from '../plugins/errors.ts';
import type { FileKindName } from '../plugins/file-types.ts';
import { type CheckedUpload, checkUploads, readMultipart, type Upload } from '../plugins/storage.ts';

export const tags = ['content'];
export const adminOnly = [{ bearer: [] }];

export { IdParams } from '../plugins/params.ts';

/** A multipart form whose text fields passed their schema; its files are not checked yet. */
export interface UploadForm<T> {
  fields: T;
  uploads: Record<string, Upload>;
}

/**
 * Reads a multipart create/update form: the text fields through the form's strict schema, and
 * files only in the given file fields (any other part is refused field by field). Nothing is
 * written.
 */
export async function readUploadForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  fileFields: readonly string[],
): Promise<UploadForm<z.infer<S>>> {
  const { fields, files } = await readMultipart(request);
  const errors = fieldErrors();
  for (const field of Object.keys(files)) {
    if (!fileFields.includes(field)) errors[field] = [`Unknown field: ${field}`];
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error.issues));
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return { fields: parsed.data as z.infer<S>, uploads: files };
}

/**
 * The last check before a write: the form's rule messages plus each sent file checked by
 * content against its kind, all reported together (a file over its size limit answers 413 at
 * once). Returns the checked files, ready for storeFiles.
 */
export function checkForm(
  messages: FieldMessages,
  uploads: Record<string, Upload>,
  kinds: Record<string, FileKindName>,
): Record<string, CheckedUpload> {
  const errors: FieldErrors = toFieldErrors(messages);
  const checked = checkUploads(uploads, kinds, errors);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return checked as Record<string, CheckedUpload>;
}

export { throwIfAny } from '../errors.ts';

/** The stored files a row no longer refers to after an update. */
export function droppedKeys(before: (string | null)[], after: (string | null)[]): string[] {
  return before.filter((key): key is string => key !== null && !after.includes(key));
}
