import type { z } from 'zod';
import { toFieldErrors } from '../../domain/accounts/validation.ts';
import {
  bookingDocumentFormSchema,
  EVENT_FORM_FIELDS,
  EVENT_MSG,
  type EventValues,
  eventFormTextSchema,
  eventValuesFromForm,
  START_TIME_FIELD,
  START_TIME_TEXT,
  startTimeProblem,
  startTimeValue,
  validateBookingDocument,
  validateEventForm,
} from '../../domain/events/index.ts';
import { textField } from '../../domain/text.ts';
import { AppError } from '../errors.ts';
import { zodFieldErrors } from '../plugins/errors.ts';
import type { FileKindName } from '../plugins/file-types.ts';
import { type CheckedUpload, checkUploads, type Upload } from '../plugins/storage.ts';

/** A multipart form as readMultipart returns it. */
export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Upload>;
}

/** A checked event form: what to store, and the files to store with it. */
export interface EventSubmission {
  values: EventValues;
  files: { image?: CheckedUpload; logo?: CheckedUpload };
}

const EVENT_FILES = { image: 'eventImage', logo: 'eventLogo' } as const satisfies Record<string, FileKindName>;

/** The event form with its optional start time ('' or absent: none; "HH:MM" London time). */
const eventFormWithStartSchema = eventFormTextSchema.extend({
  [START_TIME_FIELD]: textField(START_TIME_TEXT).optional(),
});

/** Refuses (400) any text field or file the form does not have. */
function refuseUnknownFields(form: MultipartForm, text: readonly string[], files: readonly string[]): void {
  const unknown = [
    ...Object.keys(form.fields).filter((f) => !text.includes(f)),
    ...Object.keys(form.files).filter((f) => !files.includes(f)),
  ];
  if (unknown.length > 0) {
    throw AppError.validation(Object.fromEntries(unknown.map((f) => [f, [EVENT_MSG.unknownField(f)]])));
  }
}

/** The text fields through their schema (the text rule of each field), or a 400 naming each
 * field that breaks it. */
function parseText<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw AppError.validation(zodFieldErrors(parsed.error.issues));
  return parsed.data;
}

/**
 * Checks a whole event form (doc 2 §5) before anything is written: unknown fields, every field
 * rule, and the image (jpg) and logo (png) by content and size. All field errors come back
 * together as one 400; an oversize file is a 413. A text value sent for image or logo (a client
 * re-sending the current address) means "keep the current file".
 */
export function checkEventSubmission(
  form: MultipartForm,
  options: { mode: 'create' | 'update'; booked: number },
): EventSubmission {
  refuseUnknownFields(form, [...EVENT_FORM_FIELDS, START_TIME_FIELD, 'image', 'logo'], ['image', 'logo']);
  const {
    image: _image,
    logo: _logo,
    start_time: startTime,
    ...parsed
  } = parseText(eventFormWithStartSchema, form.fields);
  const errors = toFieldErrors(
    validateEventForm(parsed, {
      mode: options.mode,
      hasImage: form.files.image !== undefined,
      hasLogo: form.files.logo !== undefined,
      booked: options.booked,
    }),
  );
  const startProblem = startTime === undefined ? null : startTimeProblem(startTime);
  if (startProblem) errors[START_TIME_FIELD] = [startProblem];
  const files = checkUploads(form.files, EVENT_FILES, errors);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  // not sent: an update keeps the stored start time (a client that does not know the field)
  const start = startTime === undefined ? (options.mode === 'create' ? null : undefined) : startTimeValue(startTime);
  return { values: { ...eventValuesFromForm(parsed), startTime: start }, files };
}

/**
 * Checks an add-document form: name and file both required (doc 2 §5), the file a pdf, doc,
 * docx or txt by content. `product`, when sent, must name the event in the address. A text
 * value for `document` (a form sent without choosing a file) counts as no file.
 */
export function checkDocumentSubmission(form: MultipartForm, eventId: number): { name: string; file: CheckedUpload } {
  refuseUnknownFields(form, ['name', 'product', 'document'], ['document']);
  const { name, product } = parseText(bookingDocumentFormSchema, form.fields);
  const upload = form.files.document;
  const errors = toFieldErrors(validateBookingDocument({ name, hasFile: upload !== undefined }));
  if (product && product !== String(eventId)) errors.product = [EVENT_MSG.productMismatch];
  const file = checkUploads(form.files, { document: 'bookingDocument' }, errors).document;
  if (Object.keys(errors).length > 0 || !file) throw AppError.validation(errors);
  return { name, file };
}
