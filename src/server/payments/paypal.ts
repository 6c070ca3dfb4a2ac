import { formatPrice } from '../../domain/money.ts';
import { amountInPence, walletLineName } from '../../domain/payments/index.ts';
import type { PaymentsConfig } from '../config-payments.ts';
import { paypalTransport } from './paypal-transport.ts';
import { metadataId, type Provider, type RefundState, startKey } from './providers.ts';

type PaypalConfig = NonNullable<PaymentsConfig['paypal']>;

/** The order's custom id: the installation, the payment and its user (PayPal keeps up to 127
 * characters), read back by check() so a confirmation can tell the order is this payment's. */
export function paypalCustomId(installation: string, paymentId: number, userId: number): string {
  return `${installation}:${paymentId}:${userId}`;
}

function parseCustomId(value: string | undefined) {
  const [installation, payment, user, ...rest] = (value ?? '').split(':');
  if (!installation || rest.length > 0) return { installationId: null, paymentId: null, userId: null };
  return { installationId: installation, paymentId: metadataId(payment), userId: metadataId(user) };
}

/** PayPal orders through PayPal's server SDK: created and captured by the server in GBP, one item
 * per line named 'participant - product' (doc 1 §7), each call with a PayPal-Request-Id that names
 * this installation and the payment (a refund: its row's key) so that a retry creates, captures or
 * refunds once. */
export async function paypalProvider(config: PaypalConfig, installation: () => Promise<string>) {
  // loaded here, when PayPal is configured: an installation without it never holds the SDK's
  // 9 MB of heap (docs/decisions/0036-memory.md)
  const { ApiError, CheckoutPaymentIntent, Client, Environment, OrdersController, PaymentsController } = await import(
    '@paypal/paypal-server-sdk'
  );
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: config.clientId, oAuthClientSecret: config.clientSecret },
    environment: config.environment === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    unstable_httpClientOptions: { adapter: paypalTransport(config.apiUrl) },
  });
  const orders = new OrdersController(client);
  const paymentsApi = new PaymentsController(client);

  const provider: Provider = {
    name: 'paypal',
    async probe() {
      await client.clientCredentialsAuthManager.fetchToken();
    },
    async start(payment) {
      const total = formatPrice(payment.amountPence);
      const id = await installation();
      const { result } = await orders.createOrder({
        paypalRequestId: startKey(id, payment.paymentId),
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: `payment-${payment.paymentId}`,
              customId: paypalCustomId(id, payment.paymentId, payment.userId),
              amount: {
                currencyCode: 'GBP',
                value: total,
                breakdown: { itemTotal: { currencyCode: 'GBP', value: total } },
              },
              items: payment.lines.map((line) => ({
                name: walletLineName(line.participant, line.product).slice(0, 127),
                quantity: '1',
                unitAmount: { currencyCode: 'GBP', value: formatPrice(line.pricePence) },
              })),
            },
          ],
        },
      });
      if (!result.id) throw new Error('PayPal created an order without an id');
      return { reference: result.id, clientSecret: null };
    },
    async check(reference) {
      const { result } = await orders.getOrder({ id: reference });
      const unit = result.purchaseUnits?.[0];
      const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED');
      return {
        paid: result.status === 'COMPLETED' && capture !== undefined,
        amountPence: amountInPence(capture?.amount?.value ?? unit?.amount?.value) ?? 0,
        currency: capture?.amount?.currencyCode ?? unit?.amount?.currencyCode ?? '',
        ...parseCustomId(unit?.customId),
        captureReference: capture?.id ?? null,
      };
    },
    /** Captures the approved order; a retry with the same request id captures once. */
    async capture(reference, paymentId) {
      try {
        await orders.captureOrder({
          id: reference,
          paypalRequestId: `piste-${await installation()}-capture-${paymentId}`,
          prefer: 'return=representation',
        });
      } catch (error) {
        // already captured (a retry after a lost answer): what the order says decides
        if (!(error instanceof ApiError) || !/ORDER_ALREADY_CAPTURED/.test(String(error.body))) {
          return {
            captured: false,
            reason: error instanceof ApiError ? `PayPal answered ${error.statusCode}` : 'PayPal could not be reached',
          };
        }
      }
      return { captured: true, reason: null };
    },
    async refund(request) {
      if (!request.captureReference) throw new Error('a PayPal refund needs the capture');
      const { result } = await paymentsApi.refundCapturedPayment({
        captureId: request.captureReference,
        paypalRequestId: request.idempotencyKey,
        body: { amount: { currencyCode: 'GBP', value: formatPrice(request.amountPence) } },
      });
      return { reference: result.id ?? '', state: paypalRefundState(result.status) };
    },
    async refundState(reference) {
      const { result } = await paymentsApi.getRefund({ refundId: reference });
      return { state: paypalRefundState(result.status), reason: result.statusDetails?.reason ?? null };
    },
    async cancel() {
      // an order that is never captured lapses at PayPal on its own
    },
  };
  return provider;
}

/** PayPal's refund status as ours: COMPLETED; PENDING (not done yet); FAILED or CANCELLED. */
export function paypalRefundState(status: string | null | undefined): RefundState {
  if (status === 'COMPLETED') return 'succeeded';
  if (status === 'FAILED' || status === 'CANCELLED') return 'failed';
  return 'pending';
}
