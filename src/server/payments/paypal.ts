import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
} from '@paypal/paypal-server-sdk';
import { formatPrice } from '../../domain/money.ts';
import { amountInPence, walletLineName } from '../../domain/payments/index.ts';
import type { PaymentsConfig } from '../config.ts';
import { paypalTransport } from './paypal-transport.ts';
import type { Provider } from './providers.ts';

type PaypalConfig = NonNullable<PaymentsConfig['paypal']>;

/** PayPal orders through PayPal's server SDK: created and captured by the server in GBP, one item
 * per line named 'participant - product' (doc 1 §7), each call with a PayPal-Request-Id derived
 * from the payment so that a retry creates, captures or refunds once. */
export function paypalProvider(config: PaypalConfig) {
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
    async start(payment) {
      const total = formatPrice(payment.amountPence);
      const { result } = await orders.createOrder({
        paypalRequestId: `piste-payment-${payment.paymentId}`,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: `payment-${payment.paymentId}`,
              customId: String(payment.paymentId),
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
      const id = Number(unit?.customId);
      return {
        paid: result.status === 'COMPLETED' && capture !== undefined,
        amountPence: amountInPence(capture?.amount?.value ?? unit?.amount?.value) ?? 0,
        currency: capture?.amount?.currencyCode ?? unit?.amount?.currencyCode ?? '',
        paymentId: Number.isInteger(id) && id > 0 ? id : null,
        captureReference: capture?.id ?? null,
      };
    },
    /** Captures the approved order; a retry with the same request id captures once. */
    async capture(reference, paymentId) {
      try {
        await orders.captureOrder({
          id: reference,
          paypalRequestId: `piste-capture-${paymentId}`,
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
        paypalRequestId: `piste-refund-${request.paymentId}`,
        body: { amount: { currencyCode: 'GBP', value: formatPrice(request.amountPence) } },
      });
      return { reference: result.id ?? '' };
    },
    async cancel() {
      // an order that is never captured lapses at PayPal on its own
    },
  };
  return provider;
}
