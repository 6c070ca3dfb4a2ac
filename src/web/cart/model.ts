import { CART_MSG } from '../../domain/cart/index.ts';
import { formatPrice, parsePrice } from '../../domain/money.ts';
import type { BookingParticipant, BulkAddResult, CartItem } from './api.ts';

/** The cart's total in pence: each line's price parsed as a decimal; null when one is not a price. */
export function cartTotalPence(items: readonly Pick<CartItem, 'product_price'>[]): number | null {
  let total = 0;
  for (const item of items) {
    const pence =
      typeof item.product_price === 'number' ? Math.round(item.product_price * 100) : parsePrice(item.product_price);
    if (pence === null || !Number.isFinite(pence)) return null;
    total += pence;
  }
  return total;
}

/** The total in pounds with 2 decimals, '£0.00' when invalid (doc 1 §3). */
export function cartTotalLabel(items: readonly Pick<CartItem, 'product_price'>[]): string {
  const pence = cartTotalPence(items);
  return `£${formatPrice(pence ?? 0)}`;
}

/** Only Available participants who race can be chosen (doc 1 §4). */
export function selectable(p: BookingParticipant): boolean {
  return p.status === 'Available' && p.isRacer;
}

/** What the participants modal says after a bulk add (doc 1 §8): the toasts, and whether the
 * result was mixed (warning style). */
export function bulkAddMessages(result: BulkAddResult): { kind: 'success' | 'warning' | 'error'; text: string }[] {
  const out: { kind: 'success' | 'warning' | 'error'; text: string }[] = [];
  const mixed = result.added_items.length > 0 && (result.errors.length > 0 || result.already_in_cart.length > 0);
  if (result.added_items.length > 0)
    out.push({ kind: mixed ? 'warning' : 'success', text: CART_MSG.added(result.added_items.length) });
  if (result.already_in_cart.length > 0)
    out.push({
      kind: 'warning',
      text: CART_MSG.alreadyInCart(result.already_in_cart.map((i) => i.participant_name || i.participant)),
    });
  if (result.errors.length > 0)
    out.push({ kind: 'error', text: CART_MSG.someFailed(result.errors.map((e) => e.error).join(' ')) });
  return out;
}

/** One line the server would not book, said with the participant's name: the server's text when
 * it names them already ("Emily Jones is already booked on this event."), else "Emily Jones: "
 * before it. */
export function refusalText(name: string, error: string): string {
  return error.includes(name) ? error : `${name}: ${error}`;
}
