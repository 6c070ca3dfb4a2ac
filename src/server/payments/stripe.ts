import Stripe from 'stripe';
import type { PaymentsConfig } from '../config.ts';
import type { Provider } from './providers.ts';

type StripeConfig = NonNullable<PaymentsConfig['stripe']>;

/** Stripe through its own SDK. STRIPE_API_URL points the SDK elsewhere (the tests' and the
 * bench's local stand-in); otherwise it talks to api.stripe.com. */
export function stripeProvider(config: StripeConfig) {
  const address = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
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

  const provider: Provider & { verifyWebhook: (raw: string, signature: string) => Stripe.Event } = {
    name: 'stripe',
    async start(payment) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.amountPence,
          currency: 'gbp',
          automatic_payment_methods: { enabled: true },
          description: payment.lines
            .map((l) => `${l.participant} - ${l.product}`)
            .join('; ')
            .slice(0, 1000),
          metadata: { payment_id: String(payment.paymentId), user_id: String(payment.userId) },
        },
        { idempotencyKey: `piste-payment-${payment.paymentId}` },
      );
      return { reference: intent.id, clientSecret: intent.client_secret };
    },
    async check(reference) {
      const intent = await stripe.paymentIntents.retrieve(reference);
      const id = Number(intent.metadata?.payment_id);
      return {
        paid: intent.status === 'succeeded',
        amountPence: intent.amount_received || intent.amount,
        currency: intent.currency.toUpperCase(),
        paymentId: Number.isInteger(id) && id > 0 ? id : null,
        captureReference: null,
      };
    },
    async refund(request) {
      const refund = await stripe.refunds.create(
        { payment_intent: request.reference, amount: request.amountPence },
        { idempotencyKey: `piste-refund-${request.paymentId}` },
      );
      return { reference: refund.id };
    },
    async cancel(reference) {
      await stripe.paymentIntents.cancel(reference);
    },
    /** The event, when the Stripe-Signature header signs this exact body with our secret within
     * the SDK's tolerance (five minutes); throws otherwise. */
    verifyWebhook(raw, signature) {
      return stripe.webhooks.constructEvent(raw, signature, config.webhookSecret);
    },
  };
  return provider;
}
