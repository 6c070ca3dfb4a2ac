/** A test app whose `stripe` SDK talks to the local stand-in (not a test file itself). */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type TestApp, useTestApp } from '../test/helper.ts';
import { type StripeStandIn, startStripeStandIn } from '../test/stripe-stand-in.ts';

export const WEBHOOK_SECRET = 'whsec_test_stand_in_secret';
export const PUBLISHABLE_KEY = 'pk_test_stand_in_key';

const signer = new Stripe('sk_test_signer_only');
/** The test app's clock: the webhook checks its signed time against the app's now. */
let clock: () => Date = () => new Date();

/** The app's now, in whole seconds, as a Stripe-Signature's `t=` is written. */
export function nowSeconds(): number {
  return Math.floor(clock().getTime() / 1000);
}

/** The Stripe-Signature header for `payload`, as Stripe signs it (the SDK's own test helper),
 * signed at the test app's now unless told otherwise. */
export function stripeSignature(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? nowSeconds(),
  });
}

/** `more`: further settings, filled by the caller's own beforeAll (registered before this call),
 * e.g. a PayPal stand-in's. */
export function useStripeTestApp(more: Record<string, string> = {}): TestApp & { stripe: StripeStandIn } {
  const env: Record<string, string> = {};
  const holder = {} as { stripe: StripeStandIn };
  beforeAll(async () => {
    holder.stripe = await startStripeStandIn();
    Object.assign(env, {
      STRIPE_SECRET_KEY: holder.stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: holder.stripe.url,
      ...more,
    });
  });
  afterAll(async () => holder.stripe?.close());
  const t = useTestApp(env);
  clock = () => t.clock.now();
  beforeEach(() => holder.stripe.reset());
  return Object.defineProperty(t, 'stripe', { get: () => holder.stripe }) as TestApp & { stripe: StripeStandIn };
}
