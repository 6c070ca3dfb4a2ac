import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { isMaintenanceEnabled } from './service.ts';

/** What stays reachable during maintenance: the status itself, signing in and out (so that a
 * super administrator can get in), and the version. Pages of the web app are always served; the
 * app shows the maintenance page itself. */
const OPEN_DURING_MAINTENANCE = new Set([
  '/api/v1/maintenance/status/',
  '/api/v1/login/',
  '/api/v1/token/refresh/',
  '/api/v1/logout/',
  '/api/v1/version/',
  '/api/v1/association/',
]);

export const MAINTENANCE_MESSAGE = 'Site Under Maintenance';

/** onRequest hook (after auth): while maintenance is on, the API answers 503 to everyone but
 * super administrators, so the gate holds for any client, not just the web app. */
export function maintenanceGate(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/v1/') || OPEN_DURING_MAINTENANCE.has(path)) return;
    if (!(await isMaintenanceEnabled(ctx))) return;
    if (request.authUser && isSuperAdmin(request.authUser)) return;
    throw new AppError('MAINTENANCE', MAINTENANCE_MESSAGE);
  };
}
