import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/accounts/messages.ts';
import { ApiError } from '../api/client.ts';
import { changePasswordFailure, redirectTarget } from './form-helpers.ts';

describe('redirectTarget', () => {
  it('goes to an in-site path that differs from the current one', () => {
    expect(redirectTarget('/profile', '/')).toBe('/profile');
    expect(redirectTarget('/checkout?x=1', '/')).toBe('/checkout?x=1');
  });

  it('stays put without a value, on the same path, or for another origin', () => {
    expect(redirectTarget(null, '/')).toBeNull();
    expect(redirectTarget('', '/')).toBeNull();
    expect(redirectTarget('/profile', '/profile')).toBeNull();
    expect(redirectTarget('https://evil.example/', '/')).toBeNull();
    expect(redirectTarget('//evil.example/', '/')).toBeNull();
    expect(redirectTarget('/\\evil.example', '/')).toBeNull();
  });

  it('refuses what a browser would read as another origin or a scheme', () => {
    expect(redirectTarget('//evil.example', '/')).toBeNull();
    expect(redirectTarget('https://evil', '/')).toBeNull();
    expect(redirectTarget('javascript:alert(1)', '/')).toBeNull();
    expect(redirectTarget('/\\evil', '/')).toBeNull();
    expect(redirectTarget('\\/evil.example', '/')).toBeNull();
    // a browser drops tabs and line breaks from an address: '/\t/evil' would become '//evil'
    expect(redirectTarget('/\t/evil.example', '/')).toBeNull();
    expect(redirectTarget('/\n/evil.example', '/')).toBeNull();
    expect(redirectTarget('/\r/evil.example', '/')).toBeNull();
    expect(redirectTarget('/profile\u0000', '/')).toBeNull();
    expect(redirectTarget('/profile\u007f', '/')).toBeNull();
    expect(redirectTarget(' /profile', '/')).toBeNull();
  });

  it('keeps the query of the page asked for', () => {
    expect(redirectTarget('/profile?tab=entries', '/')).toBe('/profile?tab=entries');
    expect(redirectTarget('/admin', '/')).toBe('/admin');
  });
});

describe('changePasswordFailure', () => {
  it('turns a message about the current password into the spec text', () => {
    const error = new ApiError(400, MSG.currentPasswordWrong, 'VALIDATION', {
      old_password: [MSG.currentPasswordWrong],
    });
    expect(changePasswordFailure(error)).toBe(MSG.currentPasswordIncorrect);
  });

  it("joins the server's lists with commas", () => {
    const error = new ApiError(400, 'a', 'VALIDATION', {
      new_password1: ['First', 'Second'],
      new_password2: ['Third'],
    });
    expect(changePasswordFailure(error)).toBe('First, Second, Third');
  });

  it('falls back to the message, then to the generic text', () => {
    expect(changePasswordFailure(new ApiError(400, 'Something specific', 'BAD_REQUEST'))).toBe('Something specific');
    expect(changePasswordFailure(new ApiError(500, 'Internal Server Error'))).toBe(MSG.changePasswordFailed);
    expect(changePasswordFailure(new Error('network'))).toBe(MSG.changePasswordFailed);
  });
});
