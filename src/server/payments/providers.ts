import type { PaymentProvider } from '../../domain/payments/index.ts';
import type { PaymentsConfig } from '../config-payments.ts';
import type { Db } from '../db/client.ts';
import { demoProvider } from './demo.ts';
import { installationId } from './installation.ts';
import type { stripeProvider } from './stripe.ts';

/** What the app asks of a payment provider (docs/decisions/0019, 0029). Every call that moves
 * money carries an idempotency key that names this installation and the payment (a refund: the
 * refund row's own key), so a retry never charges or refunds twice and two installations sharing
 * one provider account never share a key. */
export interface Provider {
  name: PaymentProvider;
  /** Starts the provider's payment for a held payment: a PaymentIntent, a PayPal order, a demo
   * payment. The same payment started twice gives the same reference. */
  start(payment: StartRequest): Promise<{ reference: string; clientSecret: string | null }>;
  /** What the provider says about the payment now. */
  check(reference: string): Promise<ProviderCheck>;
  /** Refunds part or all of a completed payment: the provider's refund id and where it stands
   * (a refund may be accepted and still pending: a webhook or refundState follows it). */
  refund(request: RefundRequest): Promise<{ reference: string; state: RefundState }>;
  /** Where a refund stands now, asked of the provider (issue 27: pending refunds are followed). */
  refundState?(reference: string): Promise<{ state: RefundState; reason: string | null }>;
  /** Abandons a payment that was replaced (best effort: it may already be paid). */
  cancel(reference: string): Promise<void>;
  /** Wallets: takes the money of an order the payer approved (a retry captures once). */
  capture?(reference: string, paymentId: number): Promise<CaptureOutcome>;
  /** A cheap authenticated call (the pre-flight check, issue 25): resolves when the provider
   * answers and accepts the keys; throws its error otherwise. */
  probe?(): Promise<void>;
}

/** A refund at the provider: done, accepted but not done yet, or refused or failed for good. */
export type RefundState = 'succeeded' | 'pending' | 'failed';

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
  /** The installation, payment and user the provider holds in its metadata (custom id), when it
   * holds them: a confirmation books only when all three are this payment's (settle.ts confirms). */
  installationId: string | null;
  paymentId: number | null;
  userId: number | null;
  /** PayPal: the capture that a refund goes against. */
  captureReference: string | null;
}

export interface RefundRequest {
  paymentId: number;
  /** The refund row's key (refunds.idempotency_key): one refund of a payment never answers for
   * another, nor one installation's for another's. */
  idempotencyKey: string;
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
  stripeWebhook: { secret: string; verify: Awaited<ReturnType<typeof stripeProvider>>['verifyWebhook'] } | null;
  publishableKey: string | null;
  paypalClientId: string | null;
}

/** The key a payment's start sends its provider: the installation and the payment. */
export function startKey(installation: string, paymentId: number): string {
  return `piste-${installation}-payment-${paymentId}`;
}

/** A positive whole number from the provider's metadata, or null. */
export function metadataId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Built once per app (buildApp). A provider's module, and its SDK with it, is loaded only when
 * that provider is configured (docs/decisions/0036-memory.md). */
export async function createProviders(config: PaymentsConfig, db: Db): Promise<Providers> {
  const installation = () => installationId({ db });
  const stripe = config.stripe ? await (await import('./stripe.ts')).stripeProvider(config.stripe, installation) : null;
  const paypal = config.paypal ? await (await import('./paypal.ts')).paypalProvider(config.paypal, installation) : null;
  const demo = config.demo ? demoProvider(db, installation) : null;
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
