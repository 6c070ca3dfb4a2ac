import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_ADD_MAX, CART_MSG } from '../../domain/cart/index.ts';
import { HOLD_MINUTES, PAYMENT_MSG, PAYMENT_PROVIDERS } from '../../domain/payments/index.ts';
import {
  BookingResultSchema,
  OrderSchema,
  PaymentRecordSchema,
  StartedPaymentSchema,
} from '../../domain/payments/records.ts';
import { PaymentTrailSchema } from '../../domain/payments/trail.ts';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { Page, Search } from '../people/query.ts';
import { currentUser } from '../plugins/auth.ts';
import { sendCsv } from '../plugins/csv-reply.ts';
import { IdParams } from '../plugins/params.ts';
import { listPayments, PAYMENT_FILTERS, paymentsCsv } from './admin.ts';
import { captureWalletOrder } from './capture.ts';
import { completeDemoPayment } from './demo-payments.ts';
import { myOrders, orderOf } from './orders.ts';
import { startPayment } from './start.ts';
import { paymentTrail } from './trail.ts';
import { handleStripeWebhook } from './webhook.ts';

const tags = ['payments'];
const bearerOnly = [{ bearer: [] }];
const ITEM_MESSAGE = 'cart_items must be the ids of lines in your cart.';

const StartBody = z.strictObject({
  /** The total the page showed, in pounds; checked against the server's own total, never charged. */
  amount: z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    textField({ label: 'Amount', max: 12, required: 'amount must be the cart total in pounds.' }),
  ),
  cart_items: z
    .array(z.number({ error: ITEM_MESSAGE }).int(ITEM_MESSAGE).min(1, ITEM_MESSAGE).max(2_147_483_647, ITEM_MESSAGE))
    .max(BULK_ADD_MAX, CART_MSG.tooMany)
    .optional(),
});

const Reference = textField({ label: 'Payment reference', max: 100, format: PAYMENT_MSG.notFound }).pipe(
  z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, PAYMENT_MSG.notFound),
);

/** Paying for the cart (doc 1 §4, §7; decisions.md → Booking and payment; docs/decisions/0019). */
export function paymentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const user = { config: { access: 'user' as const } };

    api.get(
      '/payment/providers/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Which card and wallet providers this site uses (demo: no money moves), and how long a hold lasts',
          response: {
            200: z.object({
              card: z.enum(PAYMENT_PROVIDERS).nullable(),
              wallet: z.enum(PAYMENT_PROVIDERS).nullable(),
              publishableKey: z.string().nullable(),
              paypalClientId: z.string().nullable(),
              hold_minutes: z.number().int(),
            }),
          },
        },
      },
      async () => ({
        card: ctx.payments.card?.name ?? null,
        wallet: ctx.payments.wallet?.name ?? null,
        publishableKey: ctx.payments.publishableKey,
        paypalClientId: ctx.payments.paypalClientId,
        hold_minutes: HOLD_MINUTES,
      }),
    );

    api.post(
      '/payment/create-payment-intent/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: "Start a card payment for the cart's paid lines: holds their places for 15 minutes",
          body: StartBody,
          response: { 200: StartedPaymentSchema },
        },
      },
      async (request) =>
        startPayment(
          ctx,
          request.log,
          currentUser(request).id,
          { amount: request.body.amount, cartItems: request.body.cart_items },
          ctx.payments.card,
        ),
    );

    api.post(
      '/payment/paypal/orders/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: "Create the wallet order (GBP, a line per 'participant - product') and hold the places",
          body: StartBody,
          response: { 200: StartedPaymentSchema.extend({ id: z.string() }) },
        },
      },
      async (request) => {
        const started = await startPayment(
          ctx,
          request.log,
          currentUser(request).id,
          { amount: request.body.amount, cartItems: request.body.cart_items },
          ctx.payments.wallet,
        );
        return { ...started, id: started.payment_reference };
      },
    );

    api.post(
      '/payment/paypal/orders/:id/capture/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Capture the approved wallet order and book its lines',
          params: z.object({ id: Reference }),
          response: { 200: BookingResultSchema },
        },
      },
      async (request) => captureWalletOrder(ctx, request.log, currentUser(request).id, request.params.id),
    );

    api.post(
      '/payment/demo/:id/complete/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Demo provider only (never in production): pay a demo payment with a test card number',
          params: z.object({ id: Reference }),
          body: z.strictObject({
            card_number: textField({ label: 'Card number', max: 40, required: PAYMENT_MSG.cardNumber }),
          }),
          response: { 200: z.object({ status: z.literal('succeeded'), payment_reference: z.string() }) },
        },
      },
      async (request) =>
        completeDemoPayment(ctx, request.log, currentUser(request).id, request.params.id, request.body.card_number),
    );

    api.get(
      '/payment/:id/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: "One of the user's payments: its lines and what became of each (the success page reads it)",
          params: z.object({ id: Reference }),
          response: { 200: OrderSchema },
        },
      },
      async (request) => orderOf(ctx, currentUser(request).id, request.params.id),
    );

    api.get(
      '/my-entries/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: "My Entries: the user's completed orders, newest first, with their entries and refunds",
          response: { 200: z.array(OrderSchema) },
        },
      },
      async (request) => myOrders(ctx, currentUser(request).id),
    );

    const admin = { config: { access: 'admin' as const } };
    const AdminQuery = z.object({
      search: Search,
      status: z.enum(PAYMENT_FILTERS).optional().default('all'),
      /** `?attention=1`: only the payments that need attention. */
      attention: z
        .enum(['0', '1'], { error: 'attention must be 1 (only those that need attention) or 0.' })
        .optional()
        .transform((v) => v === '1'),
    });

    api.get(
      '/admin/payments/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary:
            'Orders and payments, those that need attention first, then newest first, 50 a page: provider, reference, amount, status, refunds',
          querystring: AdminQuery.extend({ page: Page }),
          response: { 200: z.object({ count: z.number().int(), results: z.array(PaymentRecordSchema) }) },
        },
      },
      async (request) =>
        listPayments(ctx, {
          search: request.query.search ?? '',
          status: request.query.status,
          attention: request.query.attention,
          page: request.query.page,
        }),
    );

    api.get(
      '/admin/payments/:id/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: "One payment's trail: its lines, its payment log (by time) and its refunds",
          params: IdParams,
          response: { 200: PaymentTrailSchema },
        },
      },
      async (request) => paymentTrail(ctx, request.params.id),
    );

    api.get(
      '/admin/payments/export-csv/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: "Every payment the filter selects as payments.csv, for reconciling against the provider's payouts",
          querystring: AdminQuery,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          'payments.csv',
          await paymentsCsv(ctx, {
            search: request.query.search ?? '',
            status: request.query.status,
            attention: request.query.attention,
          }),
        ),
    );

    // Stripe signs the exact bytes it sent: this route alone keeps its body as text
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      hook.post(
        '/payment/stripe/webhook/',
        {
          // payments in flight settle during maintenance too
          config: { access: 'public', maintenance: 'open' },
          schema: {
            tags,
            summary: "Stripe's signed events: a succeeded PaymentIntent books its payment's lines (once)",
          },
        },
        async (request) =>
          handleStripeWebhook(ctx, request.log, String(request.body ?? ''), request.headers['stripe-signature']),
      );
    });
  };
}
