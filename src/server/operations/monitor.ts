import type { FastifyInstance } from 'fastify';
import { databaseFaultAnswer } from '../plugins/errors.ts';

/** Answers with a 5xx status in ERROR_WINDOW_MS that make a burst (per instance). */
export const ERROR_BURST = 20;
export const ERROR_WINDOW_MS = 5 * 60_000;
/** A database round trip slower than this is slow; SLOW_CHECKS in a row raise the alert. */
export const SLOW_DATABASE_MS = 500;
export const SLOW_CHECKS = 3;

/**
 * What one instance watches in its own memory between health checks (issue 25): its recent
 * answers with a 5xx status (their times, at most ERROR_BURST kept: enough to tell a burst, so
 * nothing a client sends grows it) and how many database checks in a row were slow.
 */
export interface HealthMonitor {
  /** Notes an answer's status (the onResponse hook calls it). */
  answered(status: number, route: string, at: Date): void;
  /** The 5xx answers of the last ERROR_WINDOW_MS before `now`, and the last one's route. */
  errorsSince(now: Date): { count: number; lastRoute: string | null };
  /** Notes one database check's round trip; returns how many in a row were slow. */
  databaseTook(ms: number): number;
}

export function createHealthMonitor(): HealthMonitor {
  const errors: number[] = [];
  let lastRoute: string | null = null;
  let slowInARow = 0;
  return {
    answered(status, route, at) {
      if (status < 500) return;
      errors.push(at.getTime());
      if (errors.length > ERROR_BURST) errors.shift();
      lastRoute = route;
    },
    errorsSince(now) {
      const from = now.getTime() - ERROR_WINDOW_MS;
      return { count: errors.filter((t) => t > from).length, lastRoute };
    },
    databaseTook(ms) {
      slowInARow = ms > SLOW_DATABASE_MS ? slowInARow + 1 : 0;
      return slowInARow;
    },
  };
}

/** The health addresses: their 503s say "not ready", which is their job, never a fault. */
const HEALTH_ROUTES = /^\/api\/v1\/health\//;

/** Counts every answer with a 5xx status, by its route's pattern (never the address it was
 * asked at: no query strings, nothing a client made up) — but not the health addresses' own, nor
 * the 503s of a database out of reach or a full disk: those have their own alerts (db/faults.ts). */
export function registerErrorCounter(app: FastifyInstance, monitor: HealthMonitor, now: () => Date): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (reply.statusCode >= 500 && !HEALTH_ROUTES.test(route ?? '') && !databaseFaultAnswer.has(request)) {
      monitor.answered(reply.statusCode, `${request.method} ${route ?? '(no route)'}`, now());
    }
    done();
  });
}
