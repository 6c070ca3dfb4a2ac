import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import type { Provider } from './providers.ts';

/**
 * The demo provider (decisions.md): stands in for Stripe and PayPal when their keys are not set,
 * outside production only, so the whole flow can be tried with no money moving. Its "provider
 * side" is the payment's own row: the demo card form completes it (payments/demo-routes.ts) and
 * the same settlement as a real provider's books it.
 */
/** The demo row's provider status of a payment made with DEMO_REFUND_REFUSED_CARD: paid, and
 * its refunds refused. */
export const DEMO_REFUNDS_REFUSED = 'succeeded; refunds refused';
/** … with DEMO_REFUND_UNSENT_CARD: paid, and every refund fails to send. */
export const DEMO_REFUNDS_UNSENT = 'succeeded; refunds not sent';

/** The demo provider's refund call failing to reach it (DEMO_REFUND_UNSENT_CARD). */
export class DemoRefundUnsentError extends Error {
  constructor() {
    super('the demo provider did not answer (card 4000 0000 0000 0119: its refunds never send)');
    this.name = 'DemoRefundUnsentError';
  }
}

const SUCCEEDED = 'succeeded';

export function demoProvider(db: Db, installation: () => Promise<string>): Provider {
  return {
    name: 'demo',
    async start(payment) {
      const reference = `demo_pay_${payment.paymentId}`;
      return { reference, clientSecret: `${reference}_secret` };
    },
    async check(reference) {
      const [row] = await db
        .select({
          id: payments.id,
          userId: payments.userId,
          amountPence: payments.amountPence,
          providerStatus: payments.providerStatus,
        })
        .from(payments)
        .where(and(eq(payments.provider, 'demo'), eq(payments.reference, reference)));
      return {
        paid: [SUCCEEDED, DEMO_REFUNDS_REFUSED, DEMO_REFUNDS_UNSENT].includes(row?.providerStatus ?? ''),
        amountPence: row?.amountPence ?? 0,
        currency: 'GBP',
        // the demo's provider side is this installation's own row
        installationId: row ? await installation() : null,
        paymentId: row?.id ?? null,
        userId: row?.userId ?? null,
        captureReference: null,
      };
    },
    async refund(request) {
      const [row] = await db
        .select({ providerStatus: payments.providerStatus })
        .from(payments)
        .where(eq(payments.id, request.paymentId));
      if (row?.providerStatus === DEMO_REFUNDS_UNSENT) throw new DemoRefundUnsentError();
      const refused = row?.providerStatus === DEMO_REFUNDS_REFUSED;
      return {
        reference: `demo_refund_${request.idempotencyKey}`,
        state: refused ? ('failed' as const) : ('succeeded' as const),
      };
    },
    async cancel() {},
    /** The demo wallet's approval is the capture itself. */
    async capture(reference) {
      await db
        .update(payments)
        .set({ providerStatus: 'succeeded' })
        .where(and(eq(payments.provider, 'demo'), eq(payments.reference, reference)));
      return { captured: true, reason: null };
    },
  };
}
