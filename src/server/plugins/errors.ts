import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FAULT_MSG } from '../../domain/faults.ts';
import { isDatabaseAborted, noteDatabaseFailure } from '../db/faults.ts';
import { AppError, type FieldErrors, fieldErrors } from '../errors.ts';
import { unavailablePage } from '../pages/unavailable.ts';

/** Fastify's own client-error codes, each given a clear message instead of a stack. */
const FASTIFY_CLIENT_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('BAD_REQUEST', FAULT_MSG.notJson),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('BAD_REQUEST', 'The request body is empty; JSON was expected.'),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported here.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('BAD_REQUEST', 'The request body does not match its length.'),
};

/** Errors the router raises before any route or hook runs. */
const FRAMEWORK_ERRORS: Record<string, AppError> = {
  FST_ERR_BAD_URL: new AppError('BAD_REQUEST', 'The address is not valid.'),
  FST_ERR_MAX_PARAM_LENGTH: new AppError('URI_TOO_LONG', 'The address is too long.'),
  FST_ERR_ASYNC_CONSTRAINT: new AppError('BAD_REQUEST', 'The request could not be routed.'),
};

/** Turns zod validation issues into the field → messages map. An unknown field gets its own
 * entry saying so. */
function zodFieldErrors(
  issues: { path: PropertyKey[]; message: string; code?: string; keys?: string[] }[],
): FieldErrors {
  // the names are the client's: a map without a prototype (a key `toString` is a field)
  const out = fieldErrors();
  const add = (field: string, message: string) => {
    const messages = out[field];
    if (messages) messages.push(message);
    else out[field] = [message];
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add([...issue.path.map(String), key].join('.'), `Unknown field: ${key}`);
    } else {
      add(issue.path.map(String).join('.') || 'non_field_errors', issue.message);
    }
  }
  return out;
}

/** Drizzle's query errors end their message with the statement's parameters: cut from there. */
const PARAMS_TAIL = /\nparams: [\s\S]*$/;

/** A text with Drizzle's "params: …" tail cut off (it carries e-mail addresses, usernames,
 * password and token hashes). */
export function withoutParams(text: string): string {
  return text.replace(PARAMS_TAIL, '');
}

/** An error as the log keeps it. */
export type ErrorForLog = {
  type: string;
  code?: string;
  message: string;
  query?: string;
  /** The stack's frames, without its first line (the message again); empty when it has none. */
  stack: string;
};

/** The SQL text of a failed Drizzle query, never its parameters. */
function failedQuery(error: unknown): string | undefined {
  const query = (error as { query?: unknown } | null)?.query;
  if (typeof query === 'string') return query;
  const message = String((error as Error | null)?.message ?? '');
  return /^Failed query: /.test(message) ? withoutParams(message).slice('Failed query: '.length) : undefined;
}

/**
 * What the log keeps of an unexpected error: its type, its code and the innermost cause's
 * message, with the stack's frames; for a failed query, its SQL text too. Never the outer
 * messages: Drizzle's "Failed query: … params: …" carries the query's parameters (e-mail
 * addresses, password hashes), and the stack's first line repeats the message.
 */
export function describeForLog(error: unknown): ErrorForLog {
  let innermost: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (innermost as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    innermost = cause;
  }
  const top = error as { name?: string; stack?: string } | null;
  const inner = innermost as { name?: string; message?: string; code?: unknown } | null;
  const query = failedQuery(error);
  const fromQuery = top?.name === 'DrizzleQueryError' || query !== undefined;
  const message = fromQuery && innermost === error ? 'database query failed' : String(inner?.message ?? error);
  const frames = top?.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return {
    type: String(top?.name ?? typeof error),
    ...(typeof inner?.code === 'string' ? { code: inner.code } : {}),
    message: withoutParams(message.split('\n')[0] ?? ''),
    ...(query !== undefined ? { query: query.slice(0, 2000) } : {}),
    stack: frames ?? '',
  };
}

/**
 * The logger's serializer for `err` and `error`, wherever a line carries one (the error handler,
 * a job, the password-reset task): an Error becomes describeForLog's safe description, and any
 * message a caller built itself loses Drizzle's "params: …" tail. So the parameters of a failed
 * query never reach the log, whoever logs it.
 */
export function errorForLog(value: Error): ErrorForLog;
export function errorForLog(value: unknown): unknown;
export function errorForLog(value: unknown): unknown {
  if (value instanceof Error) return describeForLog(value);
  if (typeof value === 'string') return withoutParams(value);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    out[name] = typeof item === 'string' ? withoutParams(item) : item instanceof Error ? describeForLog(item) : item;
  }
  return out;
}

/** The logger's serializers (app.ts). */
export const logSerializers = { err: errorForLog, error: errorForLog };

/** The answers while the database cannot be reached, and while its disk is full. */
const UNAVAILABLE = new AppError('UNAVAILABLE', FAULT_MSG.busy);
const CANNOT_SAVE = new AppError('UNAVAILABLE', FAULT_MSG.cannotSave);

/** A browser asking for a page (not the API, not a file): it gets the 503 page, not JSON. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  return !path.startsWith('/api') && !path.startsWith('/media/') && !/\.\w{1,8}$/.test(path);
}

/** 503 for a request that met a database out of reach or a full disk: the page or the error
 * shape, never cached, with a hint to come back in a minute. Logged as a warning: the cause is
 * outside, and noted for readiness and Site Health (db/faults.ts); not counted as a burst of
 * errors (operations/monitor.ts): it has its own alert. */
function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  fault: 'unreachable' | 'full',
): FastifyReply {
  request.log.warn({ err: describeForLog(error) }, fault === 'full' ? 'disk full' : 'database unreachable');
  databaseFaultAnswer.add(request);
  reply.status(503).header('cache-control', 'no-store').header('retry-after', '60');
  const answer = fault === 'full' ? CANNOT_SAVE : UNAVAILABLE;
  return wantsPage(request)
    ? reply.type('text/html; charset=utf-8').send(unavailablePage(answer.message))
    : reply.send(answer.toJSON());
}

/** The requests answered 503 for the database's own fault (operations/monitor.ts skips them). */
export const databaseFaultAnswer = new WeakSet<FastifyRequest>();

/** What the server does when the embedded database has stopped for good (start.ts: exit non-zero,
 * so that systemd or Docker starts it afresh). */
export type OnDatabaseAborted = (error: unknown) => void;

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).send(error.toJSON());
}

/** One error handler: AppError as itself, validation as 400 with field errors, Fastify's
 * client errors with a plain message, anything else a 500 that hides its details. A 503 of the
 * maintenance gate is an expected answer, logged at info without a stack. */
export function registerErrorHandler(app: FastifyInstance, onAborted: OnDatabaseAborted): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!(error instanceof AppError)) {
      if (isDatabaseAborted(error)) {
        onAborted(error);
        return sendUnavailable(request, reply, error, 'unreachable');
      }
      const fault = noteDatabaseFailure(request.server.ctx, error);
      if (fault) return sendUnavailable(request, reply, error, fault);
    }
    if (error instanceof AppError) {
      if (error.code === 'MAINTENANCE') request.log.info('refused during maintenance');
      else if (error.status >= 500) request.log.error({ error: describeForLog(error) }, error.message);
      return sendError(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return sendError(reply, AppError.validation(zodFieldErrors(issues)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ error: describeForLog(error) }, 'response did not match its schema');
      return sendError(reply, new AppError('INTERNAL', 'Internal Server Error'));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code =
        error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
      return reply.status(error.statusCode).send({ error: error.message, code });
    }
    request.log.error({ error: describeForLog(error) }, 'unhandled error');
    return sendError(reply, new AppError('INTERNAL', 'Internal Server Error'));
  });
}

/**
 * Fastify's `frameworkErrors` option: errors of the router itself (a broken percent-escape, a
 * 5,000-character path segment) get the one error shape and the security headers like every
 * other answer, instead of Fastify's bare JSON that echoes the path back.
 */
export function frameworkErrorHandler(securityHeaders: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const known = (error.code && FRAMEWORK_ERRORS[error.code]) || new AppError('BAD_REQUEST', 'Bad request.');
    request.log.info({ code: error.code }, 'refused by the router');
    void reply.headers(securityHeaders).header('cache-control', 'no-store').status(known.status).send(known.toJSON());
  };
}

export { zodFieldErrors };
