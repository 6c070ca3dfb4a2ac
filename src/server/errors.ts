/**
 * The one error type. A service throws an AppError with the spec's message; the error handler
 * (plugins/errors.ts) turns it into JSON: `{ error, code, errors? }` where `errors` maps a field
 * name to its list of messages, as the spec's "field errors" and "map of lists" describe.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYMENT_DECLINED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'URI_TOO_LONG'
  | 'RATE_LIMITED'
  | 'MAINTENANCE'
  | 'NOT_CONFIGURED'
  | 'INSUFFICIENT_STORAGE'
  | 'UNAVAILABLE'
  | 'PROVIDER_FAILED'
  | 'INTERNAL';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_DECLINED: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  NOT_CONFIGURED: 503,
  INSUFFICIENT_STORAGE: 507,
  UNAVAILABLE: 503,
  PROVIDER_FAILED: 502,
  INTERNAL: 500,
};

export type FieldErrors = Record<string, string[]>;

/**
 * An empty field → messages map for names a client chose (a JSON key, a form part's name): it
 * has no prototype, so a field called `toString`, `constructor` or `__proto__` is a field like
 * any other rather than a method the map already has (which once answered 500) or its prototype.
 */
export function fieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldErrors | undefined;

  constructor(code: ErrorCode, message: string, fields?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.fields = fields;
  }

  static validation(fields: FieldErrors): AppError {
    const first = Object.values(fields).flat()[0] ?? 'Invalid request';
    return new AppError('VALIDATION', first, fields);
  }

  static unauthenticated(message = 'Authentication credentials were not provided.'): AppError {
    return new AppError('UNAUTHENTICATED', message);
  }

  static forbidden(message = 'You do not have permission to perform this action.'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError('NOT_FOUND', message);
  }

  toJSON(): { error: string; code: ErrorCode; errors?: FieldErrors } {
    return this.fields
      ? { error: this.message, code: this.code, errors: this.fields }
      : { error: this.message, code: this.code };
  }
}

/** Refuses a request whose form rules failed: one message per field, as the rules give them. */
export function throwIfAny(messages: Record<string, string>): void {
  const fields = Object.entries(messages);
  if (fields.length > 0) throw AppError.validation(Object.fromEntries(fields.map(([k, v]) => [k, [v]])));
}
