import type { Env } from './config.ts';
import { invalid, type Notice } from './config-error.ts';

/** The payment providers' configuration: Stripe's and PayPal's keys, checked (config.ts reads
 * the rest). */

/** The payment providers (docs/decisions/0019). A provider without keys is null; outside
 * production the demo provider then stands in for it, in production nothing does. */
export interface PaymentsConfig {
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  paypal: {
    clientId: string;
    clientSecret: string;
    environment: 'sandbox' | 'production';
    apiUrl: string | undefined;
  } | null;
  /** The demo provider stands in for a provider without keys (never in production). */
  demo: boolean;
  /** Said in the log at start when a provider has no keys. */
  notice: Notice | null;
}

/** All of a provider's keys or none of them: half a configuration fails at start. */
export function paymentsConfig(e: Env, isProduction: boolean): PaymentsConfig {
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw invalid(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
      'set all three (card payments need the secret key, the publishable key and the webhook signing secret) or none',
    );
  }
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    throw invalid('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET', 'set both or neither');
  }
  if (e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET) {
    checkStripeKeys(e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET);
  }
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : null;
  const paypal =
    e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
      ? {
          clientId: e.PAYPAL_CLIENT_ID,
          clientSecret: e.PAYPAL_CLIENT_SECRET,
          environment: e.PAYPAL_ENVIRONMENT ?? (isProduction ? ('production' as const) : ('sandbox' as const)),
          apiUrl: e.PAYPAL_API_URL,
        }
      : null;
  const missing = [stripe ? null : 'card payments (STRIPE_*)', paypal ? null : 'wallet payments (PAYPAL_*)'].filter(
    Boolean,
  );
  const notice: Notice | null =
    missing.length === 0
      ? null
      : isProduction
        ? {
            level: 'warn',
            message: `No keys for ${missing.join(' and ')}: in production nothing stands in, so those payments are refused. Set the provider's keys.`,
          }
        : {
            level: 'info',
            message: `No keys for ${missing.join(' and ')}: the demo payment provider stands in (labelled on screen; no money moves).`,
          };
  return { stripe, paypal, demo: !isProduction && (!stripe || !paypal), notice };
}

/** test or live, as a Stripe key says after its prefix (pk_test_…, sk_live_…, rk_test_…). */
export function stripeKeyMode(key: string): 'test' | 'live' | null {
  return (/^(?:pk|sk|rk)_(test|live)_/.exec(key)?.[1] as 'test' | 'live' | undefined) ?? null;
}

/**
 * Stripe's keys by their prefixes, everywhere (the tests and the stand-in use real-looking test
 * keys; docs/decisions/0033): a secret key in the publishable slot is refused first, since
 * /payment/providers/ hands the publishable key to every visitor; then each key's own prefix;
 * then test and live not mixed.
 */
function checkStripeKeys(secret: string, publishable: string, webhook: string): void {
  if (/^(sk|rk)_/.test(publishable)) {
    throw invalid(
      'STRIPE_PUBLISHABLE_KEY',
      "this is a secret key (sk_… or rk_…): the publishable key is shown to every visitor's browser, so this key would be too; put the publishable key (pk_live_… or pk_test_…) here, keep the secret key in STRIPE_SECRET_KEY only, and roll the secret key in Stripe's dashboard if it was ever served",
    );
  }
  if (!/^pk_(test|live)_/.test(publishable)) {
    throw invalid('STRIPE_PUBLISHABLE_KEY', "must start with pk_live_ or pk_test_ (Stripe's Developers → API keys)");
  }
  if (!/^(sk|rk)_(test|live)_/.test(secret)) {
    throw invalid(
      'STRIPE_SECRET_KEY',
      "must start with sk_live_ or sk_test_ (or rk_live_/rk_test_ for a restricted key; Stripe's Developers → API keys)",
    );
  }
  if (!webhook.startsWith('whsec_')) {
    throw invalid(
      'STRIPE_WEBHOOK_SECRET',
      "must start with whsec_ (the signing secret of the webhook endpoint, Stripe's Developers → Webhooks)",
    );
  }
  if (stripeKeyMode(publishable) !== stripeKeyMode(secret)) {
    throw invalid(
      'STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY',
      `one is a test key and the other a live key (publishable ${stripeKeyMode(publishable)}, secret ${stripeKeyMode(secret)}); take both from the same mode in Stripe's dashboard`,
    );
  }
}
