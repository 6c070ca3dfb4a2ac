import { BOOKING_MSG } from '../../domain/cart/index.ts';
import { serverMessage } from '../api/server-error.ts';
import { useCartStore } from '../cart/store.ts';
import { type BookingResult, paymentsApi } from './api.ts';
import { splitCart } from './model.ts';

/**
 * After the provider took the money: the bookings are created against the payment (the server
 * checks it with the provider and books each line once, whether or not the webhook came first),
 * free lines left in the cart are booked beside them, and the cart is read again (empty).
 */
export async function finishPayment(reference: string): Promise<BookingResult> {
  const order = await paymentsApi.order(reference);
  const result = await paymentsApi.book(
    order.lines.map((l) => ({ product: l.product, participant: l.participant })),
    reference,
  );
  await bookFreeLinesToo(result);
  return result;
}

/** The free lines of a mixed cart go with the paid ones; a refusal of one is reported beside
 * the paid result, never in its place. */
export async function bookFreeLinesToo(result: BookingResult): Promise<void> {
  const cart = useCartStore.getState();
  await cart.refresh();
  const { free } = splitCart(useCartStore.getState().items);
  if (free.length > 0) {
    try {
      const extra = await paymentsApi.book(free.map((i) => ({ product: i.product, participant: i.participant })));
      result.booked.push(...extra.booked);
      result.errors.push(...extra.errors);
    } catch (error) {
      const message = serverMessage(error, BOOKING_MSG.freeFailed);
      result.errors.push(...free.map((i) => ({ product: i.product, participant: i.participant, error: message })));
    }
    await cart.refresh();
  }
}
