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

/** What the checkout says about holds, before a payment starts and while it runs (a declined card
 * keeps the hold: the end the server gave stays, whatever is tried again). */
export function holdText(holdMinutes: number, heldUntil: string | null, now: Date): string {
  if (!heldUntil) return `Starting a payment holds these places for ${holdMinutes} minutes.`;
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
