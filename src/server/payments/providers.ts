import type { PaymentProvider } from '../../domain/payments/index.ts';
import type { PaymentsConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { demoProvider } from './demo.ts';
import { paypalProvider } from './paypal.ts';
import { stripeProvider } from './stripe.ts';

/** What the app asks of a payment provider (docs/decisions/0019). Every call that moves money
 * carries an idempotency key derived from the payment, so a retry never charges or refunds twice. */
export interface Provider {
  name: PaymentProvider;
  /** Starts the provider's payment for a held payment: a PaymentIntent, a PayPal order, a demo
   * payment. The same payment started twice gives the same reference. */
  start(payment: StartRequest): Promise<{ reference: string; clientSecret: string | null }>;
  /** What the provider says about the payment now. */
  check(reference: string): Promise<ProviderCheck>;
  /** Refunds part or all of a completed payment. */
  refund(request: RefundRequest): Promise<{ reference: string }>;
  /** Abandons a payment that was replaced (best effort: it may already be paid). */
  cancel(reference: string): Promise<void>;
  /** Wallets: takes the money of an order the payer approved (a retry captures once). */
  capture?(reference: string, paymentId: number): Promise<CaptureOutcome>;
}

export interface CaptureOutcome {
  captured: boolean;
  reason: string | null;
}

export interface StartRequest {
  paymentId: number;
  userId: number;
  amountPence: number;
  lines: { participant: string; product: string; pricePence: number }[];
}

export interface ProviderCheck {
  paid: boolean;
  amountPence: number;
  currency: string;
  /** The app's payment id the provider holds in its metadata (custom id), when it holds one. */
  paymentId: number | null;
  /** PayPal: the capture that a refund goes against. */
  captureReference: string | null;
}

export interface RefundRequest {
  paymentId: number;
  reference: string;
  captureReference: string | null;
  amountPence: number;
}

/** The card and wallet providers for this configuration: Stripe and PayPal with keys, the demo
 * provider in their place outside production, none in production without keys. */
export interface Providers {
  card: Provider | null;
  wallet: Provider | null;
  byName(name: PaymentProvider): Provider | null;
  stripeWebhook: { secret: string; verify: ReturnType<typeof stripeProvider>['verifyWebhook'] } | null;
  publishableKey: string | null;
  paypalClientId: string | null;
}

/** Built once per app (buildApp). */
export function createProviders(config: PaymentsConfig, db: Db): Providers {
  const stripe = config.stripe ? stripeProvider(config.stripe) : null;
  const paypal = config.paypal ? paypalProvider(config.paypal) : null;
  const demo = config.demo ? demoProvider(db) : null;
  const card = stripe ?? demo;
  const wallet = paypal ?? demo;
  return {
    card,
    wallet,
    byName: (name) => (name === 'stripe' ? stripe : name === 'paypal' ? paypal : demo),
    stripeWebhook:
      stripe && config.stripe ? { secret: config.stripe.webhookSecret, verify: stripe.verifyWebhook } : null,
    publishableKey: config.stripe?.publishableKey ?? null,
    paypalClientId: config.paypal?.clientId ?? null,
  };
}
