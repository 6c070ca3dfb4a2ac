import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import pkg from '../../../package.json' with { type: 'json' };
import type { AppContext } from '../context.ts';

const NamedLink = z.object({ name: z.string(), url: z.string() });

/** The backend part of the footer's v{backend}.{frontend}. */
export const BACKEND_VERSION = pkg.version;

export function versionRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/version/',
      {
        config: { access: 'public', maintenance: 'open' },
        schema: { tags: ['site'], response: { 200: z.object({ version: z.string() }) } },
      },
      async () => ({ version: BACKEND_VERSION }),
    );
    api.get(
      '/association/',
      {
        config: { access: 'public', maintenance: 'open' },
        schema: {
          tags: ['site'],
          description: 'The association this site runs for: what the text calls {product}.',
          response: {
            200: z.object({
              code: z.string(),
              name: z.string(),
              email: z.string(),
              social_links: z.array(NamedLink),
              sponsors: z.array(NamedLink),
            }),
          },
        },
      },
      async () => {
        const { code, name, email, socialLinks, sponsors } = ctx.config.association;
        return { code, name, email, social_links: socialLinks, sponsors };
      },
    );
  };
}
