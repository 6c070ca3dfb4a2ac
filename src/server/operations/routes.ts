import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { PreflightLineSchema, runPreflight } from './preflight.ts';
import { BannerSchema, backOfficeBanners, SiteHealthSchema, siteHealth } from './status.ts';

const tags = ['operations'];
const security = [{ bearer: [] }];

/** The operations area's routes (issue 25): the Site health panel (super administrators), the
 * back office's banner of raised alerts and the pre-flight check before entries open
 * (administrators: club admins open entries). */
export function operationsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/admin/health/',
      { config: { access: 'super' }, schema: { tags, security, response: { 200: SiteHealthSchema } } },
      async () => siteHealth(ctx),
    );
    api.get(
      '/admin/health/banners/',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security,
          summary: 'The raised alerts every administrator sees at the top of the back office (mail failing)',
          response: { 200: z.array(BannerSchema) },
        },
      },
      async () => backOfficeBanners(ctx),
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
