import { z } from 'zod';
import { EVENT_TYPES } from './types.ts';

/* The API's shapes of an event, as zod schemas: the server's routes and the tests use them. The
 * browser needs only their types, and the rules beside them live in types.ts, which the public
 * pages import without loading zod. */

/** A document attached to an event, as the API sends it. */
export const ProductDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `/media/{key}`: downloads with its original file name. */
  document: z.string(),
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type ProductDocument = z.infer<typeof ProductDocumentSchema>;

const time = z.string().regex(/^\d{2}:\d{2}$/);

/**
 * An event as the API sends it (GET /api/v1/products/ and friends). Prices are pounds with two
 * decimals ('25.00'; '0.00' is FREE); dates are London calendar dates, times London wall-clock
 * 'HH:MM'. Registration fields are null for events other than races.
 */
export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  date: z.iso.date(),
  slope_name: z.string(),
  price: z.string(),
  image: z.string().nullable(),
  /** The image's card copy (WebP, at most 800 px wide), what a card shows; null when the event has
   * no image or its image came before card copies (the card then shows the image itself). */
  image_card: z.string().nullable(),
  logo: z.string().nullable(),
  /** The logo's card copy (WebP, at most 160 px wide), as image_card. */
  logo_card: z.string().nullable(),
  url: z.string(),
  banner_message: z.string(),
  event_type: z.enum(EVENT_TYPES),
  registration_open: z.iso.date().nullable(),
  registration_open_time: time.nullable(),
  registration_close: z.iso.date().nullable(),
  registration_close_time: time.nullable(),
  /** The race's start, London wall-clock 'HH:MM' ("UK time"), or null when not given. */
  start_time: time.nullable(),
  quantity: z.number().int(),
  booked_quantity: z.number().int(),
  /** Places held by payments under way (15 minutes each at most). */
  held_quantity: z.number().int(),
  is_full: z.boolean(),
  is_cancelled: z.boolean(),
  documents: z.array(ProductDocumentSchema),
});
export type Product = z.infer<typeof ProductSchema>;
