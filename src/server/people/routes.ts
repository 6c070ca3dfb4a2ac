import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LINK_ACTIONS, LINK_MSG, LINK_STATUSES, TARGET_USER_MAX } from '../../domain/people/link-requests.ts';
import { AdminProfileSchema } from '../../domain/people/profile.ts';
import { RACER_STATUSES } from '../../domain/people/racers.ts';
import { textField } from '../../domain/text.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { IdParams } from '../plugins/params.ts';
import { FamilySchema, readFamily } from './families.ts';
import {
  AdminLinkRequestSchema,
  cancelLinkRequest,
  createLinkRequest,
  decideLinkRequest,
  listLinkRequests,
  listOwnLinkRequests,
  MemberLinkRequestSchema,
  rejectLinkRequest,
} from './link-requests.ts';
import { Page, Search } from './query.ts';
import { listRacers } from './racers.ts';

const tags = ['people'];
const bearerOnly = [{ bearer: [] }];
const STATUS_MESSAGE = 'The status must be PENDING, APPROVED, REJECTED or ALL.';

const ListQuery = z.object({
  page: Page,
  search: Search,
  status: z.enum([...LINK_STATUSES, 'ALL'], { message: STATUS_MESSAGE }).optional(),
});

const RacersQuery = z.object({
  page: Page,
  search: Search,
  racer_status: z.enum([...RACER_STATUSES, 'ALL'], { message: STATUS_MESSAGE }).optional(),
});

/**
 * Families and link requests (doc 1 §4 and §7, doc 2 §3, §4 and §7): a member's own requests
 * (list, make, cancel, reject one addressed to them), and the administrators' list, decision and
 * family view.
 */
export function peopleRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const me = (user: { id: number } | null) => {
      if (!user) throw AppError.unauthenticated();
      return user.id;
    };

    api.get(
      '/link-request/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'The link requests the user made or was named in, newest first',
          response: { 200: z.array(MemberLinkRequestSchema) },
        },
      },
      async (request) => listOwnLinkRequests(ctx, me(request.authUser)),
    );

    api.post(
      '/link-request/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Ask to link the account to another username',
          body: z.strictObject({
            target_user: textField({ label: 'Username', max: TARGET_USER_MAX, required: LINK_MSG.targetRequired }),
          }),
          response: { 201: MemberLinkRequestSchema.extend({ target_user: z.string() }) },
        },
      },
      async (request, reply) => {
        const target = request.body.target_user;
        if (!target) throw AppError.validation({ target_user: [LINK_MSG.targetRequired] });
        return reply.status(201).send(await createLinkRequest(ctx, me(request.authUser), target));
      },
    );

    api.delete(
      '/link-request/:id/',
      {
        config: { access: 'user' },
        schema: { tags, security: bearerOnly, summary: 'Cancel a pending request the user made', params: IdParams },
      },
      async (request, reply) => {
        await cancelLinkRequest(ctx, me(request.authUser), request.params.id);
        return reply.status(204).send();
      },
    );

    api.post(
      '/link-request/:id/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Reject a pending request addressed to the user',
          params: IdParams,
          response: { 200: MemberLinkRequestSchema },
        },
      },
      async (request) => rejectLinkRequest(ctx, me(request.authUser), request.params.id),
    );

    api.get(
      '/admin/link-requests/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'A page of 50 link requests, newest first, by status and search',
          querystring: ListQuery,
          response: { 200: z.object({ count: z.number().int(), results: z.array(AdminLinkRequestSchema) }) },
        },
      },
      async (request) =>
        listLinkRequests(ctx, {
          page: request.query.page,
          search: request.query.search ?? '',
          status: request.query.status ?? 'ALL',
        }),
    );

    api.post(
      '/admin/link-requests/:id/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Approve or reject a link request',
          params: IdParams,
          body: z.strictObject({
            action: z.enum(LINK_ACTIONS, { message: 'The action must be approve or reject.' }),
          }),
          response: { 200: AdminLinkRequestSchema.extend({ message: z.string() }) },
        },
      },
      async (request) => {
        const decided = await decideLinkRequest(
          ctx,
          request.log,
          me(request.authUser),
          request.params.id,
          request.body.action,
        );
        return { ...decided, message: decided.status === 'APPROVED' ? LINK_MSG.approved : LINK_MSG.rejected };
      },
    );

    api.get(
      '/profiles/racers/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'A page of 50 racers, oldest account first, by confirmation status and search',
          querystring: RacersQuery,
          response: { 200: z.object({ count: z.number().int(), results: z.array(AdminProfileSchema) }) },
        },
      },
      async (request) =>
        listRacers(ctx, {
          page: request.query.page,
          search: request.query.search ?? '',
          status: request.query.racer_status ?? 'ALL',
        }),
    );

    api.get(
      '/admin/families/:id/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'A family’s members',
          params: IdParams,
          response: { 200: FamilySchema },
        },
      },
      async (request) => readFamily(ctx, request.params.id),
    );
  };
}
