import type { FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../accounts/login-limits.ts';
import type { AppContext } from '../context.ts';
import { noteDatabaseFailure } from '../db/faults.ts';
import { hit } from '../db/rate-limits.ts';
import { AppError } from '../errors.ts';

/**
 * Limits on what one address may ask for, counted in the database (db/rate-limits.ts) so that
 * every instance shares them: N instances allow what one does, not N times as much (issue 25).
 * An IPv6 address counts by its /64 network, as the sign-in limits do.
 */
export interface AddressLimit {
  /** The counter's name in the rate_limits table. */
  bucket: string;
  /** Requests allowed per address in a minute. */
  perMinute: number;
  /** Requests that are not counted (an administrator's call, another spelling of a page). */
  skip?: (request: FastifyRequest) => boolean;
}

/** The wait in words, as the limits said before they were shared: "1 minute", "45 seconds". */
export function retryIn(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.round(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

const readOnly = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * A hook (a route's onRequest, before its body is read, so refused and malformed requests count
 * too; or a not-found handler's preHandler) that counts the request under its address and, past
 * the limit, answers 429 with Retry-After and the wait in words.
 */
export function limitPerAddress(ctx: AppContext, limit: AddressLimit) {
  const shared = { bucket: limit.bucket, max: limit.perMinute, windowMs: 60_000 };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (limit.skip?.(request)) return;
    let counted: Awaited<ReturnType<typeof hit>>;
    try {
      counted = await hit(ctx, shared, addressKey(request.ip));
    } catch (error) {
      // a full disk takes no count: a read goes on uncounted (a write fails on its own, 503)
      if (readOnly(request) && noteDatabaseFailure(ctx, error) === 'full') return;
      throw error;
    }
    if (counted.allowed) return;
    reply.header('retry-after', String(counted.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', `Rate limit exceeded, retry in ${retryIn(counted.retryAfterSeconds)}`);
  };
}
