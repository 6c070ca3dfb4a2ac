import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';

export function accountsRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
