import { z } from 'zod';
import { MAX_PRICE_PENCE, parsePrice } from '../money.ts';
import { fileAsText, type TextRule, textField, textProblem } from '../text.ts';
import { EVENT_MSG } from './messages.ts';
import { type EventType, isEventType } from './types.ts';

/** Messages by field name; the first failing rule of each field. */
export type FieldMessages = Record<string, string>;

/** Default number of places of a race event (doc 1 §9, doc 2 §9). */
export const DEFAULT_RACE_QUANTITY = 150;
export const MAX_QUANTITY = 10_000;
export const NAME_MAX = 100;
export const TEXT_MAX = 500;

/** The event form's text fields, as the admin form and the multipart request carry them. */
export const EVENT_FORM_FIELDS = [
  'name',
  'date',
  'slope_name',
  'event_type',
  'price',
  'quantity',
  'url',
  'banner_message',
  'registration_open',
  'registration_open_time',
  'registration_close',
  'registration_close_time',
] as const;
export type EventFormField = (typeof EVENT_FORM_FIELDS)[number];
export type EventForm = Record<EventFormField, string>;

/** Each field's text rule (src/domain/text.ts). Fields with a format of their own (dates, times,
 * price, quantity, type) answer that format's message for an over-long or control-character value. */
export const EVENT_TEXT = {
  name: { label: 'Name', max: NAME_MAX },
  date: { label: 'Date', max: 10, format: EVENT_MSG.dateInvalid },
  slope_name: { label: 'Slope name', max: NAME_MAX },
  event_type: { label: 'Event type', max: 20, format: EVENT_MSG.eventTypeInvalid },
  price: { label: 'Price', max: 20, format: EVENT_MSG.price },
  quantity: { label: 'Quantity', max: 10, format: EVENT_MSG.quantity },
  url: { label: 'URL', max: TEXT_MAX },
  banner_message: { label: 'Banner message', max: TEXT_MAX },
  registration_open: { label: 'Registration open date', max: 10, format: EVENT_MSG.openDateInvalid },
  registration_open_time: { label: 'Registration open time', max: 5, format: EVENT_MSG.openTimeInvalid },
  registration_close: { label: 'Registration close date', max: 10, format: EVENT_MSG.closeDateInvalid },
  registration_close_time: { label: 'Registration close time', max: 5, format: EVENT_MSG.closeTimeInvalid },
} as const satisfies Record<EventFormField, TextRule>;

const field = (name: EventFormField) => textField(EVENT_TEXT[name]).default('');

/** The form's shape: every field a string under its text rule (trimmed, missing ones empty);
 * unknown fields refused. */
export const eventFormSchema = z.strictObject({
  name: field('name'),
  date: field('date'),
  slope_name: field('slope_name'),
  event_type: field('event_type'),
  price: field('price'),
  quantity: field('quantity'),
  url: field('url'),
  banner_message: field('banner_message'),
  registration_open: field('registration_open'),
  registration_open_time: field('registration_open_time'),
  registration_close: field('registration_close'),
  registration_close_time: field('registration_close_time'),
});

/** An add-document form's name (doc 2 §5) and the event id it may repeat. */
export const DOCUMENT_TEXT = {
  name: { label: 'Document name', max: NAME_MAX, required: EVENT_MSG.documentBoth },
  product: { label: 'Product', max: 20, format: EVENT_MSG.productMismatch },
} as const satisfies Record<string, TextRule>;

/** The text parts of the event form's and add-document form's multipart requests: a text value
 * sent for a file field (a client re-sending the current address) is ignored. */
export const eventFormTextSchema = eventFormSchema.extend({
  image: textField(fileAsText('Image')).optional(),
  logo: textField(fileAsText('Logo')).optional(),
});
export const bookingDocumentFormSchema = z.strictObject({
  name: textField(DOCUMENT_TEXT.name).default(''),
  product: textField(DOCUMENT_TEXT.product).optional(),
  document: textField(fileAsText('Document')).optional(),
});

/** A blank form for an event type: what "changing the event type resets the fields" resets to. */
export function emptyEventForm(eventType: EventType | '' = ''): EventForm {
  const form = Object.fromEntries(EVENT_FORM_FIELDS.map((f) => [f, ''])) as EventForm;
  form.event_type = eventType;
  if (eventType === 'race') form.quantity = String(DEFAULT_RACE_QUANTITY);
  return form;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A 24-hour time 'HH:MM' (00:00 to 23:59). */
export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** An optional web address: http or https with a host. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export interface EventFormOptions {
  /** Image and logo are required when creating (doc 2 §5); an update keeps the current ones. */
  mode: 'create' | 'update';
  /** Whether an image / logo file came with the form. */
  hasImage: boolean;
  hasLogo: boolean;
  /** Places already booked (update): quantity may not go below it, nor the type away from race. */
  booked?: number;
}

function collect(entries: [string, string | null | false | undefined][]): FieldMessages {
  const out: FieldMessages = {};
  for (const [name, message] of entries) if (message && !out[name]) out[name] = message;
  return out;
}

function dateRule(value: string, required: string, invalid: string): string | null {
  if (!value) return required;
  return isIsoDate(value) ? null : invalid;
}

function timeRule(value: string, required: string, invalid: string): string | null {
  if (!value) return required;
  return isTime(value) ? null : invalid;
}

function priceRule(value: string): string | null {
  if (!value) return EVENT_MSG.priceRequired;
  const pence = parsePrice(value);
  if (pence === null) return EVENT_MSG.price;
  return pence > MAX_PRICE_PENCE ? EVENT_MSG.priceTooHigh : null;
}

function quantityRule(value: string, booked: number): string | null {
  if (!value) return EVENT_MSG.quantityRequired;
  if (!/^\d+$/.test(value) || Number(value) < 1) return EVENT_MSG.quantity;
  if (Number(value) > MAX_QUANTITY) return EVENT_MSG.quantityTooHigh;
  return Number(value) < booked ? EVENT_MSG.quantityBelowBooked(booked) : null;
}

/**
 * Every rule of the event form (doc 2 §5). Price, quantity and the registration window are
 * checked for race events only; other events store price and quantity 0 and no window. The
 * window: open at most the event date, close at least the day after open and at most the event
 * date. Banner message and url are optional.
 */
export function validateEventForm(form: EventForm, options: EventFormOptions): FieldMessages {
  const race = form.event_type === 'race';
  const booked = options.booked ?? 0;
  const dateOk = isIsoDate(form.date);
  const openOk = isIsoDate(form.registration_open);
  const closeOk = isIsoDate(form.registration_close);
  return collect([
    // the text rule of every field first, whatever the type (what the server's schema refuses)
    ...EVENT_FORM_FIELDS.map((f): [string, string | null] => [f, textProblem(form[f], EVENT_TEXT[f])]),
    ['event_type', !form.event_type && EVENT_MSG.eventTypeRequired],
    ['event_type', form.event_type && !isEventType(form.event_type) && EVENT_MSG.eventTypeInvalid],
    ['event_type', !race && booked > 0 && EVENT_MSG.typeChangeWithBookings(booked)],
    ['date', dateRule(form.date, EVENT_MSG.dateRequired, EVENT_MSG.dateInvalid)],
    ['name', !form.name && EVENT_MSG.nameRequired],
    ['slope_name', !form.slope_name && EVENT_MSG.slopeNameRequired],
    ['price', race && priceRule(form.price)],
    ['quantity', race && quantityRule(form.quantity, booked)],
    [
      'registration_open',
      race && dateRule(form.registration_open, EVENT_MSG.openDateRequired, EVENT_MSG.openDateInvalid),
    ],
    ['registration_open', race && openOk && dateOk && form.registration_open > form.date && EVENT_MSG.openAfterEvent],
    [
      'registration_open_time',
      race && timeRule(form.registration_open_time, EVENT_MSG.openTimeRequired, EVENT_MSG.openTimeInvalid),
    ],
    [
      'registration_close',
      race && dateRule(form.registration_close, EVENT_MSG.closeDateRequired, EVENT_MSG.closeDateInvalid),
    ],
    [
      'registration_close',
      race && openOk && closeOk && form.registration_close < nextDay(form.registration_open) && EVENT_MSG.closeTooSoon,
    ],
    [
      'registration_close',
      race && closeOk && dateOk && form.registration_close > form.date && EVENT_MSG.closeAfterEvent,
    ],
    [
      'registration_close_time',
      race && timeRule(form.registration_close_time, EVENT_MSG.closeTimeRequired, EVENT_MSG.closeTimeInvalid),
    ],
    ['url', form.url && !isWebUrl(form.url) && EVENT_MSG.url],
    ['image', options.mode === 'create' && !options.hasImage && EVENT_MSG.imageRequired],
    ['logo', options.mode === 'create' && !options.hasLogo && EVENT_MSG.logoRequired],
  ]);
}

/** The stored values of a valid form. */
export interface EventValues {
  name: string;
  date: string;
  slopeName: string;
  eventType: EventType;
  pricePence: number;
  quantity: number;
  url: string;
  bannerMessage: string;
  registrationOpen: string | null;
  registrationOpenTime: string | null;
  registrationClose: string | null;
  registrationCloseTime: string | null;
  /** London 'HH:MM' or null; undefined (an update whose form did not send it) keeps the stored one. */
  startTime?: string | null;
}

/**
 * What a valid form stores. Race events keep price, quantity and window and drop the banner
 * message (it is not used for them); other events store price 0, quantity 0, no window, and
 * keep the banner message. Call only after validateEventForm found nothing.
 */
export function eventValuesFromForm(form: EventForm): EventValues {
  const race = form.event_type === 'race';
  const eventType = isEventType(form.event_type) ? form.event_type : 'information';
  return {
    name: form.name,
    date: form.date,
    slopeName: form.slope_name,
    eventType,
    pricePence: race ? (parsePrice(form.price) ?? 0) : 0,
    quantity: race ? Number(form.quantity) : 0,
    url: form.url,
    bannerMessage: race ? '' : form.banner_message,
    registrationOpen: race ? form.registration_open : null,
    registrationOpenTime: race ? form.registration_open_time : null,
    registrationClose: race ? form.registration_close : null,
    registrationCloseTime: race ? form.registration_close_time : null,
  };
}

/** A booking document needs both a name and a file (doc 2 §5); the message goes on what is missing. */
export function validateBookingDocument(input: { name: string; hasFile: boolean }): FieldMessages {
  const name = input.name.trim();
  return collect([
    ['name', !name && EVENT_MSG.documentBoth],
    ['name', textProblem(name, DOCUMENT_TEXT.name)],
    ['document', !input.hasFile && EVENT_MSG.documentBoth],
  ]);
}
