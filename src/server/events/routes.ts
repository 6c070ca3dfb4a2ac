import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { londonToday } from '../../domain/dates.ts';
import { nextLondonMidnight } from '../../domain/events/boundaries.ts';
import { SLUG_MAX } from '../../domain/events/index.ts';
import { CancelPreviewSchema } from '../../domain/payments/race-cancel.ts';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { sendSharePicture } from '../pages/share-image.ts';
import { cancelPreview } from '../payments/cancel-race.ts';
import { currentUser } from '../plugins/auth.ts';
import { IdParams } from '../plugins/params.ts';
import { sendCached, sendCachedAnswer } from '../plugins/public-cache.ts';
import { readMultipart } from '../plugins/storage.ts';
import { CALENDAR_TYPE, eventCalendarFile, eventCalendarPath } from './calendar-file.ts';
import { addDocument, deleteDocument } from './documents.ts';
import {
  cancelEvent,
  createEvent,
  latestProducts,
  listProducts,
  productBySlug,
  SlugMoved,
  updateEvent,
} from './service.ts';
import { ProductDocumentSchema, ProductSchema } from './shape.ts';

const tags = ['events'];
const API_PREFIX = '/api/v1';

/** A permanent redirect that keeps its method (a renamed event's former address). */
const movedTo = (reply: FastifyReply, location: string) =>
  reply.header('cache-control', 'no-cache').redirect(location, 308);
const bearerOnly = [{ bearer: [] }];
const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
/** The multipart routes read their body themselves (readMultipart); this documents it. */
const multipartForm = (fields: string) => ({
  consumes: ['multipart/form-data'],
  description: `multipart/form-data: ${fields}`,
});
const EVENT_FIELDS =
  'name, date, slope_name, event_type, price, quantity, url, banner_message, registration_open, registration_open_time, registration_close, registration_close_time, start_time (optional HH:MM London time; empty for none; absent on update keeps it), image (jpg file), logo (png file)';

/**
 * Events, which the API calls products (doc 1 §7, doc 2 §7). Public reads are cached and the
 * cache is dropped after every admin write; admin calls answer 401 without a token and 403
 * without the role.
 */
export function eventsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/products/',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Every event, date ascending', response: { 200: z.array(ProductSchema) } },
      },
      async (request, reply) => sendCached(ctx, request, reply, 'products', () => listProducts(ctx)),
    );

    api.get(
      '/latest-products/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Upcoming events for the home page (at most 6)',
          response: { 200: z.array(ProductSchema) },
        },
      },
      async (request, reply) => {
        const now = ctx.now();
        const today = londonToday(now);
        // "upcoming" counts from today: the answer goes stale at midnight
        return sendCached(
          ctx,
          request,
          reply,
          `latest-products:${today}`,
          () => latestProducts(ctx, today),
          nextLondonMidnight(now),
        );
      },
    );

    api.get(
      '/products/:slug/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'One event with its documents',
          params: z.object({ slug: textField({ label: 'Slug', max: SLUG_MAX, raw: true }) }),
          response: { 200: ProductSchema, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { slug } = request.params;
        try {
          return await sendCached(ctx, request, reply, `products:${slug}`, () => productBySlug(ctx, slug));
        } catch (error) {
          // a former slug (the event was renamed): 308 to its current address
          if (error instanceof SlugMoved) return movedTo(reply, `${API_PREFIX}/products/${error.current}/`);
          throw error;
        }
      },
    );

    api.get(
      '/products/:slug/calendar.ics',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The event as an iCalendar file (Add to calendar); a former slug answers 308',
          params: z.object({ slug: textField({ label: 'Slug', max: SLUG_MAX, raw: true }) }),
          produces: ['text/calendar'],
        },
      },
      async (request, reply) => {
        const { slug } = request.params;
        reply.header('content-disposition', `attachment; filename="${slug}.ics"`);
        try {
          return await sendCachedAnswer(ctx, request, reply, `products-ics:${slug}`, async () => ({
            body: await eventCalendarFile(ctx, slug),
            contentType: CALENDAR_TYPE,
            expiresAt: null,
          }));
        } catch (error) {
          reply.removeHeader('content-disposition');
          if (error instanceof SlugMoved) return movedTo(reply, eventCalendarPath(error.current));
          throw error;
        }
      },
    );

    api.get(
      '/products/:id/share.jpg',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            "The event's share picture, 1200 × 630 JPEG (the page's og:image): its own picture cropped to fill, or the site's",
          params: IdParams,
          querystring: z.object({ v: textField({ label: 'Version', max: 64, raw: true }).optional() }),
          produces: ['image/jpeg'],
        },
      },
      async (request, reply) => sendSharePicture(ctx, request, reply, request.params.id, request.query.v),
    );

    api.post(
      '/products/create/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Create an event',
          ...multipartForm(EVENT_FIELDS),
          response: { 201: ProductSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createEvent(ctx, await readMultipart(request))),
    );

    api.put(
      '/products/:id/update/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Update an event (image and logo only when replaced)',
          ...multipartForm(EVENT_FIELDS),
          params: IdParams,
          response: { 200: ProductSchema },
        },
      },
      async (request) => updateEvent(ctx, request.params.id, await readMultipart(request)),
    );

    api.post(
      '/products/:id/cancel/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Cancel an event (idempotent)',
          params: IdParams,
          response: { 200: ProductSchema },
        },
      },
      async (request) => cancelEvent(ctx, request.log, request.params.id, currentUser(request).id),
    );

    api.get(
      '/products/:id/cancel/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary:
            "What cancelling an event would do: the paid entries refunded in full, their total, and the entrants told (the confirmation's words)",
          params: IdParams,
          response: { 200: CancelPreviewSchema },
        },
      },
      async (request) => cancelPreview(ctx, request.params.id),
    );

    api.post(
      '/products/:id/add-document/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Attach a document (pdf, doc, docx, txt) to an event',
          ...multipartForm('name, document (file), product (the event id, optional)'),
          params: IdParams,
          response: { 201: ProductDocumentSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addDocument(ctx, request.params.id, await readMultipart(request))),
    );

    api.delete(
      '/products/documents/:id/',
      {
        config: { access: 'admin' },
        schema: { tags, security: bearerOnly, summary: 'Delete a document and its file', params: IdParams },
      },
      async (request, reply) => {
        await deleteDocument(ctx, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
