import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_ADD_MAX, CART_MSG, PARTICIPANT_STATUSES } from '../../domain/cart/index.ts';
import { BookingResultSchema } from '../../domain/payments/records.ts';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { currentUser } from '../plugins/auth.ts';
import { IdParams } from '../plugins/params.ts';
import { bookLines } from './bookings.ts';
import { bulkAdd, CartItemSchema, checkBookings, clearCart, listCart, removeCartItem } from './service.ts';

const tags = ['cart'];
const bearerOnly = [{ bearer: [] }];
const PRODUCT_MESSAGE = 'product must be an event id: a whole number from 1.';

const Line = z.strictObject({
  product: z
    .number({ message: PRODUCT_MESSAGE })
    .int(PRODUCT_MESSAGE)
    .min(1, PRODUCT_MESSAGE)
    .max(2_147_483_647, PRODUCT_MESSAGE),
  participant: textField({ label: 'Participant', max: 150, required: 'participant is required.' }).refine(
    (name) => name !== '',
    'participant is required.',
  ),
});

const BookingsBody = z.strictObject({
  bookings: z.array(Line).min(1, 'Send at least one booking.').max(BULK_ADD_MAX, CART_MSG.tooMany),
  /** The confirmed payment the paid lines are booked against (absent: free lines only). */
  payment_reference: textField({ label: 'Payment reference', max: 100 }).optional(),
});

const BulkAddBody = z.strictObject({
  items: z.array(Line).min(1, 'Choose at least one participant.').max(BULK_ADD_MAX, CART_MSG.tooMany),
});

/** Who can be entered, and the cart (doc 1 §3, §4, §7). Every call is the signed-in user's own. */
export function cartRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const user = { config: { access: 'user' as const } };

    api.get(
      '/check-bookings/:id/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The user and their family, each with their status for the event',
          params: IdParams,
          response: {
            200: z.array(
              z.object({
                name: z.string(),
                username: z.string(),
                firstName: z.string(),
                lastName: z.string(),
                status: z.enum(PARTICIPANT_STATUSES),
                isRacer: z.boolean(),
              }),
            ),
          },
        },
      },
      async (request) => checkBookings(ctx, currentUser(request).id, request.params.id),
    );

    api.get(
      '/cart/',
      {
        ...user,
        schema: { tags, security: bearerOnly, summary: 'The cart', response: { 200: z.array(CartItemSchema) } },
      },
      async (request) => listCart(ctx, currentUser(request).id),
    );

    api.post(
      '/cart/bulk-add/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Add participants for events; reports what was added, already in the cart, or refused',
          body: BulkAddBody,
          response: {
            200: z.object({
              added_items: z.array(CartItemSchema),
              already_in_cart: z.array(
                z.object({ product: z.number().int(), participant: z.string(), participant_name: z.string() }),
              ),
              errors: z.array(z.object({ product: z.number().int(), participant: z.string(), error: z.string() })),
            }),
          },
        },
      },
      async (request) => bulkAdd(ctx, currentUser(request).id, request.body.items),
    );

    api.delete(
      '/cart/:id/',
      { ...user, schema: { tags, security: bearerOnly, summary: 'Remove one line of the cart', params: IdParams } },
      async (request, reply) => {
        await removeCartItem(ctx, request.log, currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );

    api.post(
      '/bookings/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Book lines of the cart: free ones here; paid ones only against a confirmed payment',
          body: BookingsBody,
          response: { 200: BookingResultSchema },
        },
      },
      async (request) =>
        bookLines(ctx, request.log, currentUser(request).id, request.body.bookings, request.body.payment_reference),
    );

    api.post(
      '/cart/clear/',
      {
        ...user,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Empty the cart',
          response: { 200: z.object({ removed: z.number().int() }) },
        },
      },
      async (request) => clearCart(ctx, request.log, currentUser(request).id),
    );
  };
}
