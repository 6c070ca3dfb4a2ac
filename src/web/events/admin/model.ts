import {
  EVENT_FILTERS,
  EVENT_FORM_FIELDS,
  EVENT_MSG,
  type EventFilter,
  type EventForm,
  type EventType,
  emptyEventForm,
  eventSlug,
  type FieldMessages,
  isEventType,
  isIsoDate,
  nextDay,
  type Product,
  validateEventForm,
} from '../../../domain/events/index.ts';
import { formatPrice, parsePrice } from '../../../domain/money.ts';

/**
 * The pure part of the Bookings panel (doc 2 §2, §5): the form's model, its file rules, the
 * registration window's limits, the multipart body and the preview card's event. The React
 * hooks and components only wire these up.
 */

export const EVENT_TYPE_NAMES: Record<Exclude<EventType, 'race'>, string> = {
  external: 'External',
  school: 'School',
  information: 'Information',
};

/** How an event type reads: the association's own races are its code ('ERSA'). */
export function eventTypeLabel(type: EventType, code: string): string {
  return type === 'race' ? code : EVENT_TYPE_NAMES[type];
}

/** The type Select's choices, the association's races first. */
export function eventTypeOptions(code: string): { value: EventType; label: string }[] {
  return (['race', 'external', 'school', 'information'] as const).map((value) => ({
    value,
    label: eventTypeLabel(value, code),
  }));
}

/** The event list filters in words (doc 2 §2 gives their keys: upcoming-non-{product} …), with the
 * association's code for its own races. */
const FILTER_WORDS: Record<EventFilter, (code: string) => string> = {
  all: () => 'All events',
  upcoming: () => 'Upcoming events',
  past: () => 'Past events',
  race: (code) => `${code} events`,
  'non-race': (code) => `Non-${code} events`,
  'upcoming-race': (code) => `Upcoming ${code} events`,
  'upcoming-non-race': (code) => `Upcoming non-${code} events`,
  'past-race': (code) => `Past ${code} events`,
  'past-non-race': (code) => `Past non-${code} events`,
};

/** The filter dropdown's choices, in the text's order: 'All events' … 'Past non-ERSA events'. */
export function eventFilterChoices(code: string): { value: EventFilter; label: string }[] {
  return EVENT_FILTERS.map((value) => ({ value, label: FILTER_WORDS[value](code) }));
}

/** A club as the slope quick-fill needs it (GET /slope-info/). */
export type ClubSlope = { race_club_name: string; slope_name: string };

/** The slope name's quick-fill (doc 1 §9): each club's slope, named as the Club Details panel keeps
 * it, with the club it belongs to; choosing one fills the field with the slope's name. A slope
 * shared by two clubs is offered once. */
export function slopeQuickFill(clubs: readonly ClubSlope[]): { slope: string; club: string }[] {
  const seen = new Set<string>();
  const out: { slope: string; club: string }[] = [];
  for (const { race_club_name, slope_name } of clubs) {
    const slope = slope_name.trim();
    if (!slope || seen.has(slope)) continue;
    seen.add(slope);
    out.push({ slope, club: race_club_name.trim() });
  }
  return out;
}

/** The chosen image and logo files; null when none was chosen (an update keeps the current one). */
export interface EventFiles {
  image: File | null;
  logo: File | null;
}

export const NO_FILES: EventFiles = { image: null, logo: null };

/** What the file inputs accept (a hint to the browser; the rules below and the server decide). */
export const ACCEPT = {
  image: '.jpg,.jpeg,image/jpeg',
  logo: '.png,image/png',
  document:
    '.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain',
} as const;

const FILE_RULES = {
  image: { ext: /\.jpe?g$/i, mime: 'image/jpeg', message: EVENT_MSG.imageRequired },
  logo: { ext: /\.png$/i, mime: 'image/png', message: EVENT_MSG.logoRequired },
} as const;

/** The refusal of a chosen file that is not a jpg (image) or png (logo), judged by its name and
 * declared type; the server checks the content. */
export function fileTypeError(field: keyof EventFiles, file: File | null): string | null {
  if (!file) return null;
  const rule = FILE_RULES[field];
  const typeOk = file.type === '' || file.type === rule.mime;
  return rule.ext.test(file.name) && typeOk ? null : rule.message;
}

/** The form of an existing event, for editing. */
export function formFromProduct(product: Product): EventForm {
  const race = product.event_type === 'race';
  return {
    name: product.name,
    date: product.date,
    slope_name: product.slope_name,
    event_type: product.event_type,
    price: race ? product.price : '',
    quantity: race ? String(product.quantity) : '',
    url: product.url,
    banner_message: race ? '' : product.banner_message,
    registration_open: product.registration_open ?? '',
    registration_open_time: product.registration_open_time ?? '',
    registration_close: product.registration_close ?? '',
    registration_close_time: product.registration_close_time ?? '',
  };
}

/**
 * Changing the event type resets the fields (doc 2 §2): a new event starts again from the blank
 * form of that type. When editing, the event keeps what names it (name, date, slope, url) and
 * only the fields that depend on the type start again, so a wrong click does not wipe the event.
 */
export function changeEventType(form: EventForm, type: EventType | '', editing: boolean): EventForm {
  const blank = emptyEventForm(type);
  if (!editing) return blank;
  return { ...blank, name: form.name, date: form.date, slope_name: form.slope_name, url: form.url };
}

/** The limits of the registration inputs (doc 2 §5): open by the event date; close from the day
 * after open up to the event date. Undefined where the field they hang on is not a date yet. */
export function windowLimits(form: EventForm): { openMax?: string; closeMin?: string; closeMax?: string } {
  const date = isIsoDate(form.date) ? form.date : undefined;
  const open = isIsoDate(form.registration_open) ? form.registration_open : undefined;
  return { openMax: date, closeMin: open && nextDay(open), closeMax: date };
}

/** Every client-side rule: the domain's form rules plus the type of each chosen file. */
export function validateEvent(form: EventForm, files: EventFiles, editing: Product | null): FieldMessages {
  const trimmed = Object.fromEntries(EVENT_FORM_FIELDS.map((f) => [f, form[f].trim()])) as EventForm;
  const errors = validateEventForm(trimmed, {
    mode: editing ? 'update' : 'create',
    hasImage: files.image !== null,
    hasLogo: files.logo !== null,
    booked: editing?.booked_quantity ?? 0,
  });
  for (const field of ['image', 'logo'] as const) {
    const message = fileTypeError(field, files[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The event's start time as the API names it ("HH:MM" London time, or null: none). */

/** The start time an event has, as the form holds it ('' for none). */
export function startTimeOf(product: Product | null): string {
  return product?.start_time ?? '';
}

/** The multipart body of the create and update calls: every text field, and the files chosen.
 * The start time is sent when there is one, or to clear the one the event had (start_time ''),
 * so that a form without a start time asks nothing new of the server. */
export function eventFormData(form: EventForm, files: EventFiles, startTime = '', before = ''): FormData {
  const data = new FormData();
  for (const field of EVENT_FORM_FIELDS) data.append(field, form[field].trim());
  if (startTime.trim() || before) data.append('start_time', startTime.trim());
  if (files.image) data.append('image', files.image);
  if (files.logo) data.append('logo', files.logo);
  return data;
}

/**
 * The event the preview card shows: what the form would store. Blanks stay blank (the card
 * shows its own placeholders, and 'Date to be confirmed' for a date not chosen yet); a price that
 * does not parse yet is passed as typed.
 */
export function previewProduct(
  form: EventForm,
  media: { image: string | null; logo: string | null },
  editing: Product | null,
): Product | null {
  if (!isEventType(form.event_type)) return null;
  const race = form.event_type === 'race';
  const date = isIsoDate(form.date) ? form.date : '';
  const name = form.name.trim();
  const pence = parsePrice(form.price);
  const quantity = race && /^\d+$/.test(form.quantity) ? Number(form.quantity) : 0;
  const booked = editing?.booked_quantity ?? 0;
  const orNull = (value: string) => value || null;
  return {
    id: editing?.id ?? 0,
    name,
    start_time: editing?.start_time ?? null,
    slug: eventSlug(name, date),
    date,
    slope_name: form.slope_name.trim(),
    price: race ? (pence === null ? form.price.trim() : formatPrice(pence)) : '0.00',
    image: media.image,
    // the preview shows the chosen picture itself (the card copy is made when it is stored)
    image_card: null,
    logo: media.logo,
    logo_card: null,
    url: form.url.trim(),
    banner_message: race ? '' : form.banner_message.trim(),
    event_type: form.event_type,
    registration_open: race ? orNull(form.registration_open) : null,
    registration_open_time: race ? orNull(form.registration_open_time) : null,
    registration_close: race ? orNull(form.registration_close) : null,
    registration_close_time: race ? orNull(form.registration_close_time) : null,
    quantity,
    booked_quantity: booked,
    held_quantity: editing?.held_quantity ?? 0,
    is_full: race && quantity > 0 && booked >= quantity,
    is_cancelled: editing?.is_cancelled ?? false,
    documents: editing?.documents ?? [],
  };
}

/** The table's places cell: booked/quantity for races, a dash for the rest. */
export function placesLabel(product: Pick<Product, 'event_type' | 'booked_quantity' | 'quantity'>): string {
  return product.event_type === 'race' ? `${product.booked_quantity}/${product.quantity}` : '—';
}
