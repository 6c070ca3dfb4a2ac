import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminProfileSchema } from '../../domain/people/profile.ts';
import { RACER_MSG } from '../../domain/people/racers.ts';
import {
  adminUserUpdateSchema,
  DEFAULT_USER_SORT,
  profileUpdateBodySchema,
  USER_SORTS,
  USERS_MSG,
} from '../../domain/people/users.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { currentUser } from '../plugins/auth.ts';
import { sendCsv } from '../plugins/csv-reply.ts';
import { Id, IdParams } from '../plugins/params.ts';
import { Page, Search } from './query.ts';
import { decideRacer } from './racers.ts';
import { editAccount, editProfile, setArchived } from './user-edit.ts';
import { listUsers, usersCsv } from './users.ts';

const tags = ['people'];
const bearerOnly = [{ bearer: [] }];
const Sort = z
  .enum(USER_SORTS, { message: USERS_MSG.sortUnknown })
  .optional()
  .transform((sort) => sort ?? DEFAULT_USER_SORT);

const ON_ITS_OWN = 'Send archived on its own.';

/** Users (doc 2 §2 "Users panel", §4 "User", §5, §7): the paged list, its CSV, editing a profile
 * (its fields, or only archived, or only the racer decision) and an account. Administrators. */
export function usersRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { config: { access: 'admin' as const } };

    api.get(
      '/profiles/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'A page of 50 profiles: sorted, searched; the archived ones only with sort=archived',
          querystring: z.object({ page: Page, sort: Sort, search: Search }),
          response: { 200: z.object({ count: z.number().int(), results: z.array(AdminProfileSchema) }) },
        },
      },
      async (request) =>
        listUsers(ctx, { page: request.query.page, sort: request.query.sort, search: request.query.search ?? '' }),
    );

    api.get(
      '/profiles/export-csv/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Every profile the sort and search select, as users.csv',
          querystring: z.object({ sort: Sort, search: Search }),
        },
      },
      async (request, reply) => {
        const csv = await usersCsv(ctx, { sort: request.query.sort, search: request.query.search ?? '' });
        return sendCsv(reply, 'users.csv', csv);
      },
    );

    api.put(
      '/profiles/update/:id/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Edit a profile (the fields sent), archive or restore it, or approve or reject a racer',
          params: IdParams,
          body: profileUpdateBodySchema,
          response: { 200: AdminProfileSchema.extend({ message: z.string().optional() }) },
        },
      },
      async (request) => {
        const body = request.body;
        const sent = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
        const id = request.params.id;
        if (body.archived !== undefined) {
          if (sent.length > 1) throw AppError.validation({ archived: [ON_ITS_OWN] });
          return setArchived(ctx, currentUser(request), id, body.archived);
        }
        const decision = body.is_racer_confirmed;
        if (sent.length === 1 && (decision === 'APPROVED' || decision === 'REJECTED')) {
          const decided = await decideRacer(ctx, request.log, id, decision);
          return { ...decided, message: decision === 'APPROVED' ? RACER_MSG.approved : RACER_MSG.rejected };
        }
        return { ...(await editProfile(ctx, currentUser(request), id, body)), message: USERS_MSG.updated };
      },
    );

    api.put(
      '/users/update/:userId/',
      {
        ...admin,
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Change an account’s names and e-mail; a super administrator may set another’s admin level',
          params: z.object({ userId: Id }),
          body: adminUserUpdateSchema,
          response: {
            200: z.object({
              id: z.number().int(),
              first_name: z.string(),
              last_name: z.string(),
              email: z.string(),
              admin_level: z.string(),
              message: z.string(),
            }),
          },
        },
      },
      async (request) => ({
        ...(await editAccount(ctx, currentUser(request), request.params.userId, request.body)),
        message: USERS_MSG.updated,
      }),
    );
  };
}
