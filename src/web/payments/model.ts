import { parsePrice } from '../../domain/money.ts';
import { offerEndText } from '../../domain/waiting-list/messages.ts';
import type { CartItem } from '../cart/api.ts';

const pence = (item: Pick<CartItem, 'product_price'>) =>
  typeof item.product_price === 'number' ? Math.round(item.product_price * 100) : (parsePrice(item.product_price) ?? 0);

/** The lines a payment covers (price above 0) and the free ones booked beside it. */
export function splitCart<T extends Pick<CartItem, 'product_price'>>(items: readonly T[]): { paid: T[]; free: T[] } {
  return { paid: items.filter((i) => pence(i) > 0), free: items.filter((i) => pence(i) === 0) };
}

/** '4:59' from the milliseconds left (whole seconds, never more than is left); '0:00' once the
 * hold has lapsed. */
export function countdown(msLeft: number): string {
  const seconds = Math.max(0, Math.floor(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** '18:42': a hold's end as the association's clocks show it (London time). */
export function clockTime(at: Date): string {
  return at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
}

/** The places a waiting-list offer accepted already holds in the cart: until when, and how many
 * of the lines paid for it does not hold. */
export interface OfferHold {
  endsAt: string;
  others: number;
}

/** Until when an accepted offer holds the lines paid for (the soonest end among those it holds),
 * and how many it does not hold; null when it holds none of them. */
export function offerHold(
  holds: readonly { cart_item: number; ends_at: string }[],
  lines: readonly number[],
): OfferHold | null {
  const mine = holds.filter((h) => lines.includes(h.cart_item));
  if (mine.length === 0) return null;
  const endsAt = mine.map((h) => h.ends_at).sort()[0] ?? '';
  return { endsAt, others: lines.length - mine.length };
}

/** What the checkout says about holds, before a payment starts and while it runs (a declined card
 * keeps the hold: the end the server gave stays, whatever is tried again). Before a start, the
 * places of a waiting-list offer are held until the offer ends, not for the payment's minutes. */
export function holdText(
  holdMinutes: number,
  heldUntil: string | null,
  now: Date,
  offer: OfferHold | null = null,
): string {
  if (!heldUntil) {
    const end = offer ? new Date(offer.endsAt) : null;
    if (!end || end.getTime() <= now.getTime())
      return `Starting a payment holds these places for ${holdMinutes} minutes.`;
    return offer?.others
      ? `The waiting-list offer holds its places until ${offerEndText(end)}; starting a payment holds the others for ${holdMinutes} minutes.`
      : `The waiting-list offer holds these places until ${offerEndText(end)}.`;
  }
  const end = new Date(heldUntil);
  const left = end.getTime() - now.getTime();
  if (left > 60 * 60_000) return `Your places are held until ${offerEndText(end)}.`;
  return left > 0
    ? `Your places are held until ${clockTime(end)} (${countdown(left)} left).`
    : 'Your hold has lapsed: the places go to whoever pays first. You can still pay.';
}

/** The Stripe return address's reference (`/booking/success?payment_intent=pi_…`), or null. */
export function returnedReference(search: string): string | null {
  const params = new URLSearchParams(search);
  const reference = params.get('payment_intent') ?? params.get('reference');
  return reference && /^[A-Za-z0-9_-]{1,100}$/.test(reference) ? reference : null;
}

/** Card digits grouped in fours as they are typed, at most 16. */
export function cardDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
