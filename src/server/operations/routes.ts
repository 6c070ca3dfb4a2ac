import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { PreflightLineSchema, runPreflight } from './preflight.ts';
import { SiteHealthSchema, siteHealth } from './status.ts';

const tags = ['operations'];
const security = [{ bearer: [] }];

/** The operations area's routes (issue 25): the Site health panel (super administrators) and the
 * pre-flight check before entries open (administrators: club admins open entries). */
export function operationsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/admin/health/',
      { config: { access: 'super' }, schema: { tags, security, response: { 200: SiteHealthSchema } } },
      async () => siteHealth(ctx),
    );
    api.post(
      '/admin/preflight/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security,
          body: z.object({ event_id: z.number().int().positive().optional() }).strict(),
          response: { 200: z.object({ lines: z.array(PreflightLineSchema) }) },
        },
      },
      async (request) => runPreflight(ctx, request.body.event_id),
    );
  };
}
