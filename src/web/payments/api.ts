import type { PaymentProvider } from '../../domain/payments/index.ts';
import { api } from '../api/client.ts';

/** Which providers this site uses (doc 1 §2; the demo provider when no keys are set). */
export interface Providers {
  card: PaymentProvider | null;
  wallet: PaymentProvider | null;
  publishableKey: string | null;
  paypalClientId: string | null;
  hold_minutes: number;
}

/** A payment just started: its places are held until `held_until`. */
export interface StartedPayment {
  provider: PaymentProvider;
  payment_reference: string;
  clientSecret: string | null;
  publishableKey: string | null;
  amount: string;
  held_until: string;
}

export interface BookingLine {
  product: number;
  participant: string;
}

/** What POST /bookings/ and a wallet capture answer. */
export interface BookingResult {
  booked: { id: number; product: number; participant: string; participant_name: string; product_name: string }[];
  errors: { product: number; participant: string; error: string }[];
  payment?: { reference: string; provider: string; amount: string; refunded: string };
}

/** One order, as its payer reads it back (the success page, My Entries). */
export interface Order {
  reference: string;
  provider: string;
  status: 'started' | 'succeeded' | 'canceled';
  amount: string;
  refunded: string;
  created_at: string;
  held_until: string;
  settled_at: string | null;
  lines: {
    product: number;
    product_name: string;
    product_event_date: string;
    participant: string;
    participant_name: string;
    amount: string;
    state: 'held' | 'booked' | 'released' | 'lost';
  }[];
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
};
