import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../errors.ts';

/** Fastify's own client-error codes, each given a clear message instead of a stack. */
const FASTIFY_CLIENT_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('BAD_REQUEST', 'The request body is not valid JSON.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('BAD_REQUEST', 'The request body is empty; JSON was expected.'),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported here.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('BAD_REQUEST', 'The request body does not match its length.'),
};

/** Turns zod validation issues into the field → messages map. An unknown field gets its own
 * entry saying so. */
function zodFieldErrors(
  issues: { path: PropertyKey[]; message: string; code?: string; keys?: string[] }[],
): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    out[field] ??= [];
    out[field].push(message);
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

/** One error handler: AppError as itself, validation as 400 with field errors, Fastify's
 * client errors with a plain message, anything else a 500 that hides its details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(error.toJSON());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return reply.status(400).send(AppError.validation(zodFieldErrors(issues)).toJSON());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(new AppError('INTERNAL', 'Internal Server Error').toJSON());
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(known.toJSON());
    if (error.statusCode === 429) {
      return reply.status(429).send(new AppError('RATE_LIMITED', error.message || 'Too many requests.').toJSON());
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code =
        error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
      return reply.status(error.statusCode).send({ error: error.message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(new AppError('INTERNAL', 'Internal Server Error').toJSON());
  });
}

export { zodFieldErrors };
