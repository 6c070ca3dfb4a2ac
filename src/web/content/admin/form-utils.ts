import { CONTENT_MSG } from '../../../domain/content/messages.ts';
import { ApiError } from '../../api/client.ts';
import { serverErrorText } from '../../api/server-error.ts';

/** What the pickers offer; the server checks every file by its content (magic bytes) anyway. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
export const PDF_ACCEPT = 'application/pdf,.pdf';

const MB = 1024 * 1024;
/** The server's limits and words (src/server/plugins/file-types.ts), checked early so a person
 * is not left waiting for an upload that will be refused. */
export const FILE_RULES = {
  picture: {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    extensions: ['jpg', 'jpeg', 'png', 'webp'],
    maxBytes: 5 * MB,
    wrongType: 'Please select a JPG, PNG or WEBP image.',
    tooLarge: 'The image must be 5 MB or smaller.',
  },
  pdf: {
    types: ['application/pdf'],
    extensions: ['pdf'],
    maxBytes: 10 * MB,
    wrongType: CONTENT_MSG.documentFileRequired,
    tooLarge: 'The document must be 10 MB or smaller.',
  },
} as const;

export type FileRule = keyof typeof FILE_RULES;

/** A first check of a chosen file by its type (or extension when the browser gives none) and
 * size: the message to show beside the field, or null. */
export function fileProblem(file: { name: string; type: string; size: number } | null, rule: FileRule): string | null {
  if (!file) return null;
  const r = FILE_RULES[rule];
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk = file.type ? (r.types as readonly string[]).includes(file.type) : false;
  if (!typeOk && !(r.extensions as readonly string[]).includes(ext)) return r.wrongType;
  return file.size > r.maxBytes ? r.tooLarge : null;
}

/** A multipart body: every text field, and each file only when one was chosen (doc 2 §7). */
export function toFormData(
  fields: Record<string, string>,
  files: Record<string, File | null | undefined> = {},
  flags: Record<string, boolean> = {},
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const [key, file] of Object.entries(files)) if (file) data.append(key, file);
  for (const [key, on] of Object.entries(flags)) if (on) data.append(key, 'true');
  return data;
}

/** The server's per-field messages for the fields this form shows. */
export function serverFieldErrors(error: unknown, known: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fieldMessages())) {
    if (message && known.includes(field)) out[field] = message;
  }
  return out;
}

/** The message above a form after a failed save: a pointer to the fields when the server named
 * them, else its readable message (4xx), else the fallback (5xx details are hidden). */
export function saveFailure(error: unknown, known: readonly string[], fallback: string): string {
  if (Object.keys(serverFieldErrors(error, known)).length > 0) return 'Please correct the highlighted fields.';
  if (error instanceof ApiError && error.status === 401) return 'Your session has ended. Please log in again.';
  const said = serverErrorText(error);
  if (error instanceof ApiError && error.status < 500 && said) {
    const other = Object.values(error.fieldMessages()).filter(Boolean);
    return other[0] ?? said;
  }
  return fallback;
}

/** Uppercased first letters of the first and last name (the avatar without a photo). */
export function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
}
