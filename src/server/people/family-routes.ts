import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LINK_MSG } from '../../domain/people/link-requests.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { Id } from '../plugins/params.ts';
import { FamilySchema, leaveOwnFamily, removeFromFamily } from './families.ts';

const tags = ['people'];
const bearerOnly = [{ bearer: [] }];

/**
 * Taking an account out of a family (decisions.md → People: "A member can be removed from a
 * family"): the member themselves leaves, or a super administrator removes any member. A family
 * left with one member is dissolved.
 */
export function familyRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.delete(
      '/family/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Leave the family the signed-in account belongs to',
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        if (!request.authUser) throw AppError.unauthenticated();
        await leaveOwnFamily(ctx, request.authUser.id);
        return { message: LINK_MSG.left };
      },
    );

    api.delete(
      '/admin/families/:id/members/:userId/',
      {
        config: { access: 'super' },
        schema: {
          tags,
          security: bearerOnly,
          summary: 'Remove one account from a family (super administrators)',
          params: z.object({ id: Id, userId: Id }),
          response: { 200: FamilySchema.extend({ message: z.string() }) },
        },
      },
      async (request) => removeFromFamily(ctx, request.params.id, request.params.userId),
    );
  };
}
