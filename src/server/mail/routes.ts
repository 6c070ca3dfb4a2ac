import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { FailingMailSchema, listFailingMail } from './admin.ts';

const tags = ['mail'];
const adminOnly = [{ bearer: [] }];

/** The mail area's routes (issue 24): administrators see mail that keeps failing. */
export function mailRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/admin/mail/failing/',
      {
        config: { access: 'admin' },
        schema: { tags, security: adminOnly, response: { 200: z.object({ results: z.array(FailingMailSchema) }) } },
      },
      async () => listFailingMail(ctx),
    );
  };
}
