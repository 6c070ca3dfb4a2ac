import { z } from 'zod';
import { MAX_PRICE_PENCE, parsePrice } from '../money.ts';
import { EVENT_MSG } from './messages.ts';
import { type EventType, isEventType } from './product.ts';

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

const field = z.string().trim().default('');

/** The form's shape: every field a string (trimmed, missing ones empty); unknown fields refused. */
export const eventFormSchema = z.strictObject({
  name: field,
  date: field,
  slope_name: field,
  event_type: field,
  price: field,
  quantity: field,
  url: field,
  banner_message: field,
  registration_open: field,
  registration_open_time: field,
  registration_close: field,
  registration_close_time: field,
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
    ['event_type', !form.event_type && EVENT_MSG.eventTypeRequired],
    ['event_type', form.event_type && !isEventType(form.event_type) && EVENT_MSG.eventTypeInvalid],
    ['event_type', !race && booked > 0 && EVENT_MSG.typeChangeWithBookings(booked)],
    ['date', dateRule(form.date, EVENT_MSG.dateRequired, EVENT_MSG.dateInvalid)],
    ['name', !form.name && EVENT_MSG.nameRequired],
    ['name', form.name.length > NAME_MAX && EVENT_MSG.nameTooLong],
    ['slope_name', !form.slope_name && EVENT_MSG.slopeNameRequired],
    ['slope_name', form.slope_name.length > NAME_MAX && EVENT_MSG.slopeNameTooLong],
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
    ['url', form.url.length > TEXT_MAX && EVENT_MSG.urlTooLong],
    ['url', form.url && !isWebUrl(form.url) && EVENT_MSG.url],
    ['banner_message', !race && form.banner_message.length > TEXT_MAX && EVENT_MSG.bannerTooLong],
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
    ['name', name.length > NAME_MAX && EVENT_MSG.documentNameTooLong],
    ['document', !input.hasFile && EVENT_MSG.documentBoth],
  ]);
}
