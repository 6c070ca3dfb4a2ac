import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { readiness } from './service.ts';

const Live = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.literal('ready') });
const NotReady = z.object({ status: z.literal('not ready'), reason: z.string() });

/** Public and open in maintenance (a site in maintenance is still up); never cached: they are
 * answered by the route every time (no public cache, no front path) and say so to proxies. */
const HEALTH = { access: 'public', maintenance: 'open' } as const;

/** The health addresses (service.ts): live for "restart me if this fails", ready for "send me
 * requests"; the Dockerfile's HEALTHCHECK, nginx and monitors read ready. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/health/live',
      {
        config: HEALTH,
        schema: { tags: ['site'], description: 'The process answers.', response: { 200: Live } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );
    api.get(
      '/health/ready',
      {
        config: HEALTH,
        schema: {
          tags: ['site'],
          description:
            'This instance can serve: the database answers, its migrations are applied and the process is not shutting down. 503 with the reason otherwise.',
          response: { 200: Ready, 503: NotReady },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const answer = await readiness(ctx);
        return answer.status === 'ready' ? answer : reply.status(503).send(answer);
      },
    );
  };
}
