import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { serverErrorText, serverMessage } from './server-error.ts';

describe('serverErrorText', () => {
  it("is the message of our server's JSON error (it carries a code)", () => {
    expect(serverErrorText(new ApiError(403, 'Only Super Administrators can do that.', 'FORBIDDEN'))).toBe(
      'Only Super Administrators can do that.',
    );
    expect(serverErrorText(new ApiError(503, 'The site is under maintenance.', 'MAINTENANCE'))).toBe(
      'The site is under maintenance.',
    );
  });

  it('is null for a network failure, a non-JSON answer (a proxy page) and the generic 500', () => {
    expect(serverErrorText(new TypeError('Failed to fetch'))).toBeNull();
    // the client turns a text body into the message, and a blank one into 'Request failed (502)'
    expect(serverErrorText(new ApiError(502, '<html><body>Bad Gateway</body></html>'))).toBeNull();
    expect(serverErrorText(new ApiError(502, 'Request failed (502)'))).toBeNull();
    expect(serverErrorText(new ApiError(500, 'Internal Server Error', 'INTERNAL'))).toBeNull();
    expect(serverErrorText(new ApiError(400, '  ', 'BAD_REQUEST'))).toBeNull();
  });
});

describe('serverMessage', () => {
  it("uses the server's message, else the fallback", () => {
    expect(serverMessage(new ApiError(400, 'This reset link is invalid.', 'BAD_REQUEST'), 'x')).toBe(
      'This reset link is invalid.',
    );
    expect(serverMessage(new ApiError(404, 'Request failed (404)'), 'x')).toBe('x');
    expect(serverMessage(new Error('network'), 'x')).toBe('x');
  });
});
