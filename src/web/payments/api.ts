import type { PaymentProvider } from '../../domain/payments/index.ts';
import type { BookingResult, FreeEntry, Order, StartedPayment } from '../../domain/payments/records.ts';
import { api } from '../api/client.ts';

export type { BookingResult, Order, StartedPayment };

/** Which providers this site uses (doc 1 §2; the demo provider when no keys are set). */
export interface Providers {
  card: PaymentProvider | null;
  wallet: PaymentProvider | null;
  publishableKey: string | null;
  paypalClientId: string | null;
  hold_minutes: number;
}

export interface BookingLine {
  product: number;
  participant: string;
}

/** The payment calls (doc 1 §7 and docs/decisions/0019), each with the bearer token but the
 * providers' list. */
export const paymentsApi = {
  providers: () => api.get<Providers>('/payment/providers/'),
  startCard: (amount: string, cartItems: number[]) =>
    api.post<StartedPayment>('/payment/create-payment-intent/', { amount, cart_items: cartItems }, { auth: true }),
  completeDemo: (reference: string, cardNumber: string) =>
    api.post<{ status: 'succeeded' }>(
      `/payment/demo/${reference}/complete/`,
      { card_number: cardNumber },
      { auth: true },
    ),
  createOrder: (amount: string, cartItems: number[]) =>
    api.post<StartedPayment & { id: string }>(
      '/payment/paypal/orders/',
      { amount, cart_items: cartItems },
      { auth: true },
    ),
  capture: (orderId: string) =>
    api.post<BookingResult>(`/payment/paypal/orders/${orderId}/capture/`, undefined, { auth: true }),
  order: (reference: string) => api.get<Order>(`/payment/${reference}/`, { auth: true }),
  book: (lines: BookingLine[], reference?: string) =>
    api.post<BookingResult>(
      '/bookings/',
      { bookings: lines, ...(reference ? { payment_reference: reference } : {}) },
      { auth: true },
    ),
  myEntries: () => api.get<Order[]>('/my-entries/', { auth: true }),
  /** Cancels one paid entry (issue 27): what was paid less the race's fee goes back. */
  cancelEntry: (lineId: number) =>
    api.post<{ message: string; refund: string }>(`/my-entries/lines/${lineId}/cancel/`, undefined, { auth: true }),
  myFreeEntries: () => api.get<FreeEntry[]>('/my-entries/free/', { auth: true }),
  /** Cancels a free entry the user booked (issue 27). */
  cancelFreeEntry: (bookingId: number) =>
    api.post<{ message: string }>(`/my-entries/free/${bookingId}/cancel/`, undefined, { auth: true }),
};
