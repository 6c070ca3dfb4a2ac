import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import {
  AcceptAnswerSchema,
  AdminWaitingListSchema,
  JoinWaitingListSchema,
  WaitingEntrySchema,
  WaitingSettingsSchema,
} from '../../domain/waiting-list/shapes.ts';
import type { AppContext } from '../context.ts';
import { offerHours, setOfferHours } from '../places/waiting-list.ts';
import { currentUser } from '../plugins/auth.ts';
import { IdParams } from '../plugins/params.ts';
import { offerHolds } from './holds.ts';
import { acceptOffer, joinWaitingList, leaveWaitingList, removeWaitingEntry } from './service.ts';
import { myWaitingEntries, myWaitingEntry, raceWaitingList } from './views.ts';

const tags = ['waiting list'];
const bearerOnly = [{ bearer: [] }];
const Message = z.object({ message: z.string() });

/** The family waiting list (issue 27; docs/decisions/0053). Answers change places, so they are
 * POSTs for the signed-in owner: nothing a mail scanner fetches by GET accepts an offer. */
export function waitingListRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/products/:id/waiting-list/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "Joins a full race's waiting list for one to four members of the family",
          params: IdParams,
          body: JoinWaitingListSchema,
          response: { 201: z.object({ message: z.string(), entry: WaitingEntrySchema }) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request).id;
        const joined = await joinWaitingList(ctx, user, request.params.id, request.body);
        const entry = await myWaitingEntry(ctx, user, joined.entryId);
        return reply.code(201).send({ message: joined.message, entry });
      },
    );

    api.get(
      '/waiting-list/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "The user's waiting-list entries, live first",
          response: { 200: z.array(WaitingEntrySchema) },
        },
      },
      async (request) => myWaitingEntries(ctx, currentUser(request).id),
    );

    api.get(
      '/waiting-list/holds/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The cart lines whose places a waiting-list offer the user accepted holds, and until when',
          response: { 200: z.array(z.object({ cart_item: z.number(), ends_at: z.string() })) },
        },
      },
      async (request) => offerHolds(ctx, currentUser(request).id),
    );

    api.get(
      '/waiting-list/:id/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "One of the user's waiting-list entries, with its offer",
          params: IdParams,
          response: { 200: WaitingEntrySchema },
        },
      },
      async (request) => myWaitingEntry(ctx, currentUser(request).id, request.params.id),
    );

    api.post(
      '/waiting-list/:id/accept/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Accepts an offer: a free race is booked; a paid one waits in the cart, its places held',
          params: IdParams,
          response: { 200: AcceptAnswerSchema },
        },
      },
      async (request) => acceptOffer(ctx, currentUser(request).id, request.params.id),
    );

    api.post(
      '/waiting-list/:id/decline/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Declines an offer: its places pass to the next family on the list at once',
          params: IdParams,
          response: { 200: Message },
        },
      },
      async (request) => leaveWaitingList(ctx, currentUser(request).id, request.params.id, 'decline'),
    );

    api.post(
      '/waiting-list/:id/leave/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Leaves the waiting list',
          params: IdParams,
          response: { 200: Message },
        },
      },
      async (request) => leaveWaitingList(ctx, currentUser(request).id, request.params.id, 'leave'),
    );

    api.get(
      '/products/:id/waiting-list/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: "A race's waiting list: positions, offers, and the places kept for it",
          params: IdParams,
          response: { 200: AdminWaitingListSchema },
        },
      },
      async (request) => raceWaitingList(ctx, request.params.id),
    );

    api.delete(
      '/waiting-list/:id/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Removes an entry from the waiting list; places offered to it pass on',
          params: IdParams,
          response: { 200: Message },
        },
      },
      async (request) => removeWaitingEntry(ctx, currentUser(request).id, request.params.id),
    );

    api.get(
      '/admin/waiting-list-settings/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'How long a waiting-list offer lasts (hours)',
          response: { 200: WaitingSettingsSchema },
        },
      },
      async () => ({ offer_hours: await offerHours(ctx.db) }),
    );

    api.put(
      '/admin/waiting-list-settings/',
      {
        config: { access: 'super' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Sets how long a waiting-list offer lasts (6 to 336 hours; super administrators)',
          body: WaitingSettingsSchema,
          response: { 200: z.object({ offer_hours: z.number(), message: z.string() }) },
        },
      },
      async (request) => {
        await setOfferHours(ctx.db, request.body.offer_hours, ctx.now());
        return { offer_hours: request.body.offer_hours, message: WAITING_MSG.settingsSaved(request.body.offer_hours) };
      },
    );
  };
}
