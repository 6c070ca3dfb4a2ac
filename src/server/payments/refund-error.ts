/** The longest last_error kept. */
const ERROR_LENGTH = 200;

/**
 * A failed call as a short message for refunds.last_error and the payment log: the provider's own
 * words or status, cut short, with anything shaped like a key or a token blanked out. Never the
 * request, its headers or the SDK's whole error.
 */
export function refundError(error: unknown): string {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
      ? `${error.statusCode}: `
      : '';
  const message = error instanceof Error ? error.message : String(error);
  const safe = `${status}${message}`
    .replace(/\b(sk|rk|pk|whsec|pi|seti)_[A-Za-z0-9_]*secret[A-Za-z0-9_]*/g, '[hidden]')
    .replace(/\b(sk|rk|whsec)_[A-Za-z0-9_]+/g, '[hidden]')
    .replace(/\b(Bearer|Basic)\s+\S+/gi, '$1 [hidden]')
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
  return (safe || 'the provider refused the refund').slice(0, ERROR_LENGTH);
}
