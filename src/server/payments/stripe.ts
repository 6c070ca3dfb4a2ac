import type Stripe from 'stripe';
import type { PaymentsConfig } from '../config-payments.ts';
import { metadataId, type Provider, type ProviderCheck, type RefundState, startKey } from './providers.ts';

type StripeConfig = NonNullable<PaymentsConfig['stripe']>;

/** How far a webhook's signed time may be from now, either way (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

/** What a PaymentIntent says, as a check (the webhook's event and a retrieve read alike). */
export function checkOfIntent(intent: Stripe.PaymentIntent): ProviderCheck {
  return {
    paid: intent.status === 'succeeded',
    amountPence: intent.amount_received || intent.amount,
    currency: intent.currency.toUpperCase(),
    installationId: intent.metadata?.installation || null,
    paymentId: metadataId(intent.metadata?.payment_id),
    userId: metadataId(intent.metadata?.user_id),
    captureReference: null,
  };
}

/** The signed time (`t=`) of a Stripe-Signature header, in seconds; null when there is none. */
function signedAt(signature: string): number | null {
  const t = signature
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.startsWith('t='));
  return t && /^t=\d{1,12}$/.test(t) ? Number(t.slice(2)) : null;
}

/** Stripe through its own SDK. STRIPE_API_URL points the SDK elsewhere (the tests' and the
 * bench's local stand-in); otherwise it talks to api.stripe.com. The SDK is loaded here, when
 * Stripe is configured: an installation without it never holds its 3 MB of heap
 * (docs/decisions/0036-memory.md). */
export async function stripeProvider(config: StripeConfig, installation: () => Promise<string>) {
  const { default: StripeSdk } = await import('stripe');
  const address = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new StripeSdk(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === 'https:' ? 443 : 80),
          protocol: address.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  const provider: Provider & { verifyWebhook: (raw: string, signature: string, now: Date) => Stripe.Event } = {
    name: 'stripe',
    async start(payment) {
      const id = await installation();
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.amountPence,
          currency: 'gbp',
          automatic_payment_methods: { enabled: true },
          description: payment.lines
            .map((l) => `${l.participant} - ${l.product}`)
            .join('; ')
            .slice(0, 1000),
          metadata: { installation: id, payment_id: String(payment.paymentId), user_id: String(payment.userId) },
        },
        { idempotencyKey: startKey(id, payment.paymentId) },
      );
      return { reference: intent.id, clientSecret: intent.client_secret };
    },
    async check(reference) {
      return checkOfIntent(await stripe.paymentIntents.retrieve(reference));
    },
    async refund(request) {
      const refund = await stripe.refunds.create(
        { payment_intent: request.reference, amount: request.amountPence },
        { idempotencyKey: request.idempotencyKey },
      );
      return { reference: refund.id, state: stripeRefundState(refund.status) };
    },
    async refundState(reference) {
      const refund = await stripe.refunds.retrieve(reference);
      return { state: stripeRefundState(refund.status), reason: refund.failure_reason ?? null };
    },
    async cancel(reference) {
      await stripe.paymentIntents.cancel(reference);
    },
    /** The event, when the Stripe-Signature header signs this exact body with our secret at a time
     * within five minutes of `now`, either way; throws otherwise. The SDK checks only the past, so
     * a time beyond the tolerance in the future is refused here (docs/decisions/0029). */
    async probe() {
      await stripe.balance.retrieve();
    },
    verifyWebhook(raw, signature, now) {
      const t = signedAt(signature);
      const nowS = Math.floor(now.getTime() / 1000);
      if (t === null || t - nowS > WEBHOOK_TOLERANCE_S) throw new Error('webhook signed in the future');
      return stripe.webhooks.constructEvent(
        raw,
        signature,
        config.webhookSecret,
        WEBHOOK_TOLERANCE_S,
        undefined,
        now.getTime(),
      );
    },
  };
  return provider;
}

/** Stripe's refund status as ours: succeeded; pending or requires_action (not done yet); failed
 * or canceled (for good). */
export function stripeRefundState(status: string | null | undefined): RefundState {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}
