import { isFull, type Product, type ProductDocument } from '../../domain/events/index.ts';
import { formatPrice } from '../../domain/money.ts';
import type { eventDocuments, events } from '../db/schema.ts';
import { mediaUrl } from '../plugins/storage.ts';

/**
 * The product (event) JSON of every events endpoint. The zod schema lives in the domain
 * (src/domain/events/product.ts) so that the web app codes against the same shape without
 * importing the server; it is re-exported here for the routes.
 */
export { type Product, type ProductDocument, ProductDocumentSchema, ProductSchema } from '../../domain/events/index.ts';

export type EventRow = typeof events.$inferSelect;
export type EventDocumentRow = typeof eventDocuments.$inferSelect;

export function toProductDocument(row: EventDocumentRow): ProductDocument {
  return { id: row.id, name: row.name, document: mediaUrl(row.file) ?? '', uploaded_at: row.uploadedAt.toISOString() };
}

export function toProduct(row: EventRow, documents: EventDocumentRow[] = []): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    date: row.date,
    slope_name: row.slopeName,
    price: formatPrice(row.pricePence),
    image: mediaUrl(row.image),
    image_card: mediaUrl(row.imageCard),
    logo: mediaUrl(row.logo),
    logo_card: mediaUrl(row.logoCard),
    url: row.url,
    banner_message: row.bannerMessage,
    event_type: row.eventType,
    registration_open: row.registrationOpen,
    registration_open_time: row.registrationOpenTime,
    registration_close: row.registrationClose,
    registration_close_time: row.registrationCloseTime,
    start_time: row.startTime,
    quantity: row.quantity,
    booked_quantity: row.booked,
    held_quantity: row.held,
    is_full: isFull({
      event_type: row.eventType,
      quantity: row.quantity,
      booked_quantity: row.booked,
      held_quantity: row.held,
    }),
    is_cancelled: row.cancelledAt !== null,
    documents: documents.map(toProductDocument),
  };
}
