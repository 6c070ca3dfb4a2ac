import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireSuperAdmin } from '../plugins/auth.ts';
import { maintenanceStatus, setMaintenance } from './service.ts';

const Status = z.object({ is_enabled: z.boolean(), can_bypass: z.boolean(), is_super_admin: z.boolean() });

export function maintenanceRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/maintenance/status/',
      { schema: { tags: ['maintenance'], security: [{ bearer: [] }, {}], response: { 200: Status } } },
      async (request) => maintenanceStatus(ctx, request.authUser),
    );
    api.post(
      '/maintenance/toggle/',
      {
        preHandler: requireSuperAdmin,
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
