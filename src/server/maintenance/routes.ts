import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { sendCached } from '../plugins/public-cache.ts';
import { isMaintenanceEnabled, maintenanceStatus, setMaintenance } from './service.ts';

const Status = z.object({ is_enabled: z.boolean(), can_bypass: z.boolean(), is_super_admin: z.boolean() });

export function maintenanceRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/maintenance/status/',
      {
        config: { access: 'public', maintenance: 'open' },
        schema: { tags: ['maintenance'], security: [{ bearer: [] }, {}], response: { 200: Status } },
      },
      async (request, reply) => {
        // A refused token (expired, revoked) answers 401 so that the client refreshes it: treating
        // it as anonymous would send a super administrator to the maintenance page.
        if (request.authRefused) throw AppError.unauthenticated(request.authRefused);
        if (request.authUser) return maintenanceStatus(ctx, request.authUser);
        // every visitor asks before every page: the anonymous answer is one of two, cached
        const enabled = await isMaintenanceEnabled(ctx);
        return sendCached(ctx, request, reply, `maintenance-status:anonymous:${enabled}`, async () => ({
          is_enabled: enabled,
          can_bypass: false,
          is_super_admin: false,
        }));
      },
    );
    api.post(
      '/maintenance/toggle/',
      {
        config: { access: 'super' },
        schema: {
          tags: ['maintenance'],
          security: [{ bearer: [] }],
          body: z.strictObject({ is_enabled: z.boolean() }),
          response: { 200: z.object({ is_enabled: z.boolean() }) },
        },
      },
      async (request) => setMaintenance(ctx, request.body.is_enabled),
    );
  };
}
