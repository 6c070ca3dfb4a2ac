import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelTermsSchema, refundSettingsSchema } from '../../domain/payments/cancellation.ts';
import { FreeEntrySchema, QueuedRefundSchema } from '../../domain/payments/records.ts';
import type { AppContext } from '../context.ts';
import { events } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { currentUser } from '../plugins/auth.ts';
import { IdParams } from '../plugins/params.ts';
import {
  cancelEntry,
  refundsEnabled,
  removeWithRefund,
  setCancelTerms,
  setRefundsEnabled,
  termsOf,
} from './cancel-entry.ts';
import { cancelFreeEntry, myFreeEntries } from './free-entries.ts';
import { markRefundedByHand, refundQueue } from './refund-states.ts';

const tags = ['payments'];
const bearerOnly = [{ bearer: [] }];
const Terms = z.object({
  cancel_until: z.string().nullable(),
  cancel_until_time: z.string().nullable(),
  cancel_fee: z.string(),
});

/** Cancelling one entry with its refund (issue 27; docs/decisions/0051). */
export function cancelRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/admin/refund-settings/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Whether refunds through the site (cancelling one entry) are on',
          response: { 200: z.object({ enabled: z.boolean() }) },
        },
      },
      async () => ({ enabled: await refundsEnabled(ctx) }),
    );

    api.put(
      '/admin/refund-settings/',
      {
        config: { access: 'super' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Turns refunds through the site on or off (super administrators)',
          body: refundSettingsSchema,
          response: { 200: z.object({ enabled: z.boolean(), message: z.string() }) },
        },
      },
      async (request) => setRefundsEnabled(ctx, request.body.enabled),
    );

    api.get(
      '/products/:id/cancellation/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "A race's cancellation terms",
          params: IdParams,
          response: { 200: Terms },
        },
      },
      async (request) => {
        const [row] = await ctx.db.select().from(events).where(eq(events.id, request.params.id));
        if (!row) throw AppError.notFound('Event not found.');
        return termsOf(row);
      },
    );

    api.put(
      '/products/:id/cancellation/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "Sets a race's cancellation terms: until when (London date and time) and the fee kept per entry",
          params: IdParams,
          body: cancelTermsSchema,
          response: { 200: Terms },
        },
      },
      async (request) => setCancelTerms(ctx, request.params.id, request.body),
    );

    api.post(
      '/bookings/:id/remove-with-refund/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Removes a participant and refunds in full what a card or wallet payment paid for the entry',
          params: IdParams,
          response: { 200: z.object({ message: z.string(), refund: z.string() }) },
        },
      },
      async (request) => removeWithRefund(ctx, request.log, currentUser(request).id, request.params.id),
    );

    api.get(
      '/admin/refunds/queue/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Refunds to make by hand: refused by the provider, or failing to send',
          response: {
            200: z.array(QueuedRefundSchema),
          },
        },
      },
      async () => refundQueue(ctx),
    );

    api.post(
      '/admin/refunds/:id/refunded-by-hand/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Marks a refund of the queue as made by hand: it leaves the queue and is never sent',
          params: IdParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => markRefundedByHand(ctx, currentUser(request).id, request.params.id),
    );

    api.post(
      '/my-entries/lines/:id/cancel/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The payer cancels one paid entry; what was paid less the race’s fee is refunded',
          params: IdParams,
          response: { 200: z.object({ message: z.string(), refund: z.string() }) },
        },
      },
      async (request) => cancelEntry(ctx, request.log, currentUser(request).id, request.params.id),
    );

    api.get(
      '/my-entries/free/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary:
            'My Entries: the free entries the user booked, newest race first, each with whether it may be cancelled',
          response: { 200: z.array(FreeEntrySchema) },
        },
      },
      async (request) => myFreeEntries(ctx, currentUser(request).id),
    );

    api.post(
      '/my-entries/free/:id/cancel/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary:
            'The user cancels a free entry they booked (refunds through the site on, before the race’s deadline)',
          params: IdParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => cancelFreeEntry(ctx, currentUser(request).id, request.params.id),
    );
  };
}
