import type { Product } from './product.ts';

/** The event types (the text's `{product}_event`): `race` is the association's own ("{product}"). */
export const EVENT_TYPES = ['race', 'external', 'school', 'information'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** A race event is full when every place is booked or held by a payment under way; other events
 * never are. */
export function isFull(
  event: Pick<Product, 'event_type' | 'quantity' | 'booked_quantity'> & { held_quantity?: number },
): boolean {
  return event.event_type === 'race' && event.booked_quantity + (event.held_quantity ?? 0) >= event.quantity;
}
