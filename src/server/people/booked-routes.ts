import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName } from '../../domain/csv.ts';
import { EntrantMessageInput } from '../../domain/people/entrant-messages.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { sendCsv } from '../plugins/csv-reply.ts';
import { IdParams } from '../plugins/params.ts';
import {
  addParticipant,
  BookedParticipantSchema,
  bookedCsv,
  EligibleUserSchema,
  listBooked,
  listEligible,
  removeBooking,
} from './booked-participants.ts';
import {
  EntrantMessageSchema,
  EntrantMessagesSchema,
  EntrantPreviewSchema,
  listEntrantMessages,
  previewEntrantMessage,
  sendEntrantMessage,
} from './entrant-messages.ts';

const tags = ['people'];
const bearerOnly = [{ bearer: [] }];
const USER_ID_MESSAGE = 'user_id must be an account id: a whole number from 1.';

/** Booked Participants (doc 2 §2, §3, §4 and §7): who is booked on an event, who may be added,
 * adding and removing within the event's quantity, and the CSV. Administrators only. */
export function bookedParticipantsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { config: { access: 'admin' as const } };

    api.get(
      '/products/booked-participants/:id/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The bookings of an event, with each participant’s details',
          params: IdParams,
          response: { 200: z.array(BookedParticipantSchema) },
        },
      },
      async (request) => listBooked(ctx, request.params.id),
    );

    api.get(
      '/products/booked-participants/:id/export-csv/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The booked participants as CSV (16 columns), named after the event',
          params: IdParams,
        },
      },
      async (request, reply) => {
        const { name, csv } = await bookedCsv(ctx, request.params.id);
        return sendCsv(reply, csvFileName(name, 'participants'), csv);
      },
    );

    api.get(
      '/products/booked-participants/:id/messages/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Messages sent to the event’s entrants, newest first, and how many a new one reaches',
          params: IdParams,
          response: { 200: EntrantMessagesSchema },
        },
      },
      async (request) => listEntrantMessages(ctx, request.params.id),
    );

    api.post(
      '/products/booked-participants/:id/messages/preview/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The e-mail a message to the entrants would be (subject and HTML), and its recipients',
          params: IdParams,
          body: EntrantMessageInput,
          response: { 200: EntrantPreviewSchema },
        },
      },
      async (request) => previewEntrantMessage(ctx, request.params.id, request.body),
    );

    api.post(
      '/products/booked-participants/:id/messages/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'E-mail every entrant (each address once) through the outbox, and record the message',
          params: IdParams,
          body: EntrantMessageInput,
          response: { 201: EntrantMessageSchema },
        },
      },
      async (request, reply) => {
        if (!request.authUser) throw AppError.unauthenticated();
        return reply
          .status(201)
          .send(await sendEntrantMessage(ctx, request.authUser.id, request.params.id, request.body));
      },
    );

    api.get(
      '/products/:id/eligible-users/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Accounts that can be added: active, approved racers, not booked on the event',
          params: IdParams,
          response: { 200: z.array(EligibleUserSchema) },
        },
      },
      async (request) => listEligible(ctx, request.params.id),
    );

    api.post(
      '/products/:id/add-participant/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Book an eligible account onto a race event, within its quantity',
          params: IdParams,
          body: z.strictObject({
            user_id: z
              .number({ message: USER_ID_MESSAGE })
              .int(USER_ID_MESSAGE)
              .min(1, USER_ID_MESSAGE)
              .max(2_147_483_647, USER_ID_MESSAGE),
          }),
          response: { 201: BookedParticipantSchema },
        },
      },
      async (request, reply) => {
        if (!request.authUser) throw AppError.unauthenticated();
        return reply
          .status(201)
          .send(await addParticipant(ctx, request.authUser.id, request.params.id, request.body.user_id));
      },
    );

    api.delete(
      '/bookings/:id/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Remove a participant’s booking and free its place',
          params: IdParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        if (!request.authUser) throw AppError.unauthenticated();
        return removeBooking(ctx, request.authUser.id, request.params.id);
      },
    );
  };
}
