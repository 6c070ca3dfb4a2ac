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
    // short messages of ours without a full stop are words too
    expect(serverErrorText(new ApiError(404, 'Race event not found', 'NOT_FOUND'))).toBe('Race event not found');
    expect(serverErrorText(new ApiError(404, 'Club not found', 'NOT_FOUND'))).toBe('Club not found');
  });

  it('is null for a network failure, a non-JSON answer (a proxy page) and the generic 500', () => {
    expect(serverErrorText(new TypeError('Failed to fetch'))).toBeNull();
    // the client turns a text body into the message, and a blank one into 'Request failed (502)'
    expect(serverErrorText(new ApiError(502, '<html><body>Bad Gateway</body></html>'))).toBeNull();
    expect(serverErrorText(new ApiError(502, 'Request failed (502)'))).toBeNull();
    expect(serverErrorText(new ApiError(500, 'Internal Server Error', 'INTERNAL'))).toBeNull();
    expect(serverErrorText(new ApiError(400, '  ', 'BAD_REQUEST'))).toBeNull();
  });

  it("is null for a proxy's JSON that names only the status, and for every 500 of ours", () => {
    // toError keeps `error` (or `detail`) as the message and `code` only when the body has one
    expect(serverErrorText(new ApiError(502, 'Bad Gateway'))).toBeNull();
    expect(serverErrorText(new ApiError(503, 'Service Unavailable'))).toBeNull();
    expect(serverErrorText(new ApiError(500, 'Internal Server Error'))).toBeNull();
    expect(serverErrorText(new ApiError(500, 'Internal Server Error', 'INTERNAL'))).toBeNull();
  });
});

describe('serverMessage', () => {
  it("uses the server's message, else the fallback", () => {
    expect(serverMessage(new ApiError(400, 'This reset link is invalid.', 'BAD_REQUEST'), 'x')).toBe(
      'This reset link is invalid.',
    );
    expect(serverMessage(new ApiError(404, 'Request failed (404)'), 'x')).toBe('x');
    expect(serverMessage(new Error('network'), 'x')).toBe('x');
    expect(serverMessage(new ApiError(502, 'Bad Gateway'), 'Failed to toggle maintenance mode')).toBe(
      'Failed to toggle maintenance mode',
    );
  });
});
