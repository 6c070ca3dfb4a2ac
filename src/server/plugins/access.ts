import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { TOTP_MSG } from '../../domain/accounts/totp.ts';
import { isAdmin, isSuperAdmin } from '../../domain/roles.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { isMaintenanceEnabled, maintenanceIfKnown } from '../maintenance/service.ts';

/**
 * Who may call a route, declared in the route's own options (`config: { access: 'admin' }`), and
 * whether it stays open while the site is in maintenance (`maintenance: 'open'`). One onRequest
 * hook reads the declaration from the route the router matched, never from the raw URL, so no
 * spelling of a path (`/%61pi/…`, `/api/v%31/…`, an absolute-form request line) can reach a route
 * past the gate. Every route under /api declares its access or the app refuses to start.
 */
export type Access = 'public' | 'user' | 'admin' | 'super';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'admin', 'super'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. */
    access?: Access;
    /** 'open': reachable by everyone while the site is in maintenance. */
    maintenance?: 'open';
    /** A cached public read whose query the front path may learn in its canonical spelling
     * (public-cache.ts). */
    frontQuery?: true;
  }
  interface FastifyInstance {
    /** Every route the app registered, with its declared access (the generated access test). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  openDuringMaintenance: boolean;
  /** The zod schema of a JSON body, when the route has one. */
  body: ZodType | undefined;
  /** The zod schema of the path parameters, when the route has one. */
  params: ZodType | undefined;
}

export const MAINTENANCE_MESSAGE = 'Site Under Maintenance';

/**
 * All that a super administrator who must set up an authenticator first may call besides the
 * public routes (AuthUser.second_factor_missing, TOTP_REQUIRED_FOR_SUPER, docs/decisions/0062):
 * the profile the web app loads to know who is signed in, and the authenticator's status, setup
 * and confirmation. Logout and the token refresh are public routes. By method and the matched
 * route's path, like the rest of the gate; nothing else is asked of the routes themselves.
 */
export const ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/v1/profile/',
  'GET /api/v1/profile/totp/',
  'POST /api/v1/profile/totp/setup/',
  'POST /api/v1/profile/totp/confirm/',
]);

/** Routes the app does not write itself get their access here: the built web app's files and
 * uploaded media stay open in maintenance (the maintenance page needs its script and pictures). */
function defaultAccess(url: string): { access: Access; maintenance?: 'open' } | null {
  if (url.startsWith('/api/docs')) return { access: 'public' };
  if (url.startsWith('/api/')) return null;
  return { access: 'public', maintenance: 'open' };
}

/** Collects the route table and refuses a route under /api that does not declare its access. */
export function registerRouteTable(app: FastifyInstance): void {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: Access; maintenance?: 'open' };
    if (!config.access) {
      const fallback = defaultAccess(route.url);
      if (!fallback) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
      route.config = { ...config, ...fallback };
    }
    const declared = route.config as { access: Access; maintenance?: 'open' };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { body?: ZodType; params?: ZodType } | undefined;
    for (const method of methods) {
      if (method === 'HEAD' && route.url !== '*') continue;
      app.routeTable.push({
        method,
        url: route.url,
        access: declared.access,
        openDuringMaintenance: declared.maintenance === 'open',
        body: schema?.body,
        params: schema?.params,
      });
    }
  });
}

/** 401 anonymous, 403 without the role. */
export function assertAccess(access: Access, request: FastifyRequest): void {
  if (access === 'public') return;
  const user = request.authUser;
  if (!user) {
    throw request.authRefused ? AppError.unauthenticated(request.authRefused) : AppError.unauthenticated();
  }
  if (access === 'admin' && !isAdmin(user)) throw AppError.forbidden();
  if (access === 'super' && !isSuperAdmin(user)) throw AppError.forbidden();
}

const isEnrolmentRoute = (request: FastifyRequest) =>
  ENROLMENT_ROUTES.has(`${request.method} ${request.routeOptions.url}`);

/** 403 with the words for a session that must set up its authenticator first, on any route that
 * needs a signed-in user but the enrolment's own. */
function assertEnrolled(access: Access, request: FastifyRequest): void {
  if (access === 'public' || !request.authUser?.second_factor_missing) return;
  if (isEnrolmentRoute(request)) return;
  throw AppError.forbidden(TOTP_MSG.enrolFirst);
}

/** Super administrators pass maintenance. One who must set up an authenticator first passes it
 * to routes that need a signed-in user (the enrolment's; the others then answer 403 with the words
 * to set one up) and to public reads (the web app's shell around the enrolment reads them), but a
 * public write answers 503 as to anyone (found from outside: registration and the contact form
 * answered such a session while closed to everyone else; docs/decisions/0062). */
function passesMaintenance(request: FastifyRequest, access: Access): boolean {
  const user = request.authUser;
  if (!user || !isSuperAdmin(user)) return false;
  if (!user.second_factor_missing || access !== 'public') return true;
  return request.method === 'GET' || request.method === 'HEAD';
}

/**
 * onRequest hook (after auth): the maintenance gate, then the route's access, then the second
 * factor a super administrator must set up first. While maintenance is on, a route that is not
 * open answers 503 to everyone but super administrators (one still setting up an authenticator
 * only on the enrolment's routes: it works during maintenance); a request that carried a token the server refused
 * (expired, revoked) answers 401 instead, so the client refreshes its token and a super
 * administrator is not locked out. The not-found handler decides for itself (a 404 reveals
 * nothing).
 */
export function accessHook(ctx: AppContext) {
  const gate = (request: FastifyRequest, maintenanceOn: boolean): void => {
    const { access = 'super', maintenance } = request.routeOptions.config;
    if (maintenance !== 'open' && maintenanceOn) {
      if (request.authRefused) throw AppError.unauthenticated(request.authRefused);
      if (!passesMaintenance(request, access)) throw new AppError('MAINTENANCE', MAINTENANCE_MESSAGE);
    }
    assertAccess(access, request);
    assertEnrolled(access, request);
  };
  const refusal = (request: FastifyRequest, maintenanceOn: boolean): Error | undefined => {
    try {
      gate(request, maintenanceOn);
      return undefined;
    } catch (error) {
      return error as Error;
    }
  };
  // callback style, answered at once while the switch is known: this runs on every request, and
  // a promise per request cost the cached public reads a measurable share of their throughput
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    if (request.is404) {
      done();
      return;
    }
    // a route open in maintenance does not need to know the switch (nor the database to read it:
    // the health addresses answer for themselves while it is out of reach)
    if (request.routeOptions.config.maintenance === 'open') {
      done(refusal(request, false));
      return;
    }
    const known = maintenanceIfKnown(ctx);
    if (known !== undefined) done(refusal(request, known));
    else isMaintenanceEnabled(ctx).then((on) => done(refusal(request, on)), done);
  };
}
