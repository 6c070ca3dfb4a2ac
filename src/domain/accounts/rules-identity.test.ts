import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  capitalise,
  EMAIL_MAX,
  emailRule,
  firstNameRule,
  lastNameRule,
  profileEmailRule,
  usernameRule,
} from './rules.ts';

const NAME_FORMAT = (which: 'First' | 'Last') =>
  `${which} name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long`;
const USERNAME_MSG = 'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long';
const EMAIL_MSG = 'Please enter a valid email address (max 254 characters)';
const PASSWORD_MSG =
  'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character';
const PASSWORD_CONTENT_MSG = 'Password should not contain your username, email, first name, or last name';
const CONTACT_MSG = 'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456';
const DOB_REQUIRED = 'Date of birth is required for racers';
const DOB_INCOMPLETE = 'Full date of birth is required';
const DOB_INVALID = 'Please enter a valid date of birth';
const DOB_TOO_YOUNG = 'User must be at least 4 years old';
const OTHER_CLUB_REQUIRED = 'Please specify your club';
const OTHER_CLUB_FORMAT = 'Club name must be 3-50 characters long and contain only letters and spaces';
const EMERGENCY_BOTH = 'Please provide both first and last name for emergency contact';
const SE_REG_MSG = 'SE Registration Number must be a number between 1 and 7 digits';

/** A name of exactly n characters: one capital then lower-case letters. */
const nameOf = (n: number) => `A${'b'.repeat(n - 1)}`;

describe('MSG holds the spec wording', () => {
  it('matches the literal strings of doc 1 §5', () => {
    expect(MSG.firstNameRequired).toBe('First name is required');
    expect(MSG.lastNameRequired).toBe('Last name is required');
    expect(MSG.firstNameFormat).toBe(NAME_FORMAT('First'));
    expect(MSG.lastNameFormat).toBe(NAME_FORMAT('Last'));
    expect(MSG.username).toBe(USERNAME_MSG);
    expect(MSG.email).toBe(EMAIL_MSG);
    expect(MSG.password).toBe(PASSWORD_MSG);
    expect(MSG.passwordContent).toBe(PASSWORD_CONTENT_MSG);
    expect(MSG.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(MSG.contactNumber).toBe(CONTACT_MSG);
    expect(MSG.dobRequired).toBe(DOB_REQUIRED);
    expect(MSG.dobIncomplete).toBe(DOB_INCOMPLETE);
    expect(MSG.dobInvalid).toBe(DOB_INVALID);
    expect(MSG.dobTooYoung).toBe(DOB_TOO_YOUNG);
    expect(MSG.otherClubRequired).toBe(OTHER_CLUB_REQUIRED);
    expect(MSG.otherClubFormat).toBe(OTHER_CLUB_FORMAT);
    expect(MSG.emergencyNameBoth).toBe(EMERGENCY_BOTH);
    expect(MSG.seRegNumber).toBe(SE_REG_MSG);
    expect(MSG.acceptTerms('ERSA')).toBe('You must accept the ERSA policies to register');
  });
});

describe('first and last name', () => {
  it('requires a value', () => {
    expect(firstNameRule('')).toBe('First name is required');
    expect(lastNameRule('')).toBe('Last name is required');
  });

  it('refuses 1 character, accepts 2 and 50, refuses 51', () => {
    for (const [rule, which] of [
      [firstNameRule, 'First'],
      [lastNameRule, 'Last'],
    ] as const) {
      expect(nameOf(1)).toHaveLength(1);
      expect(nameOf(51)).toHaveLength(51);
      expect(rule(nameOf(1))).toBe(NAME_FORMAT(which));
      expect(rule(nameOf(2))).toBeNull();
      expect(rule(nameOf(50))).toBeNull();
      expect(rule(nameOf(51))).toBe(NAME_FORMAT(which));
    }
  });

  it('accepts hyphens, apostrophes, spaces and accented letters', () => {
    expect(firstNameRule('Mary-Jane')).toBeNull();
    expect(lastNameRule("O'Neil")).toBeNull();
    expect(lastNameRule('O’Neil')).toBeNull();
    expect(lastNameRule('Van Der Berg')).toBeNull();
    expect(firstNameRule('Zoë')).toBeNull();
    expect(lastNameRule('Müller-Lüdenscheidt')).toBeNull();
  });

  it('refuses digits and other symbols', () => {
    expect(firstNameRule('Sam1')).toBe(NAME_FORMAT('First'));
    expect(lastNameRule('Taylor2')).toBe(NAME_FORMAT('Last'));
    expect(firstNameRule('Sam!')).toBe(NAME_FORMAT('First'));
    expect(lastNameRule('Tay_lor')).toBe(NAME_FORMAT('Last'));
    expect(firstNameRule('sam@x')).toBe(NAME_FORMAT('First'));
  });

  it('property: any name containing a digit is refused', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z]{0,20}$/),
        fc.integer({ min: 0, max: 9 }),
        fc.stringMatching(/^[A-Za-z]{0,20}$/),
        (a, d, b) => {
          expect(firstNameRule(`${a}${d}${b}`)).toBe(NAME_FORMAT('First'));
        },
      ),
    );
  });
});

describe('capitalise', () => {
  it('upper-cases the first letter of each word part', () => {
    expect(capitalise("mary-jane o'neil")).toBe("Mary-Jane O'Neil");
    expect(capitalise('sam')).toBe('Sam');
    expect(capitalise('van der berg')).toBe('Van Der Berg');
    expect(capitalise('o’brien')).toBe('O’Brien');
    expect(capitalise('émile zola')).toBe('Émile Zola');
  });

  it('keeps the rest of the name as typed', () => {
    expect(capitalise('McDonald')).toBe('McDonald');
    expect(capitalise('SAM')).toBe('SAM');
    expect(capitalise('')).toBe('');
  });

  it('property: idempotent, length-preserving, and equal to the input ignoring case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z '-]{0,30}$/), (s) => {
        const once = capitalise(s);
        expect(capitalise(once)).toBe(once);
        expect(once).toHaveLength(s.length);
        expect(once.toLowerCase()).toBe(s.toLowerCase());
        expect(/(^|[\s'-])[a-z]/.test(once)).toBe(false);
      }),
    );
  });
});

describe('username', () => {
  it('refuses 7 characters, accepts 8 and 20, refuses 21', () => {
    const u = (n: number) => `a${'1'.repeat(n - 1)}`;
    expect(u(7)).toHaveLength(7);
    expect(u(21)).toHaveLength(21);
    expect(usernameRule(u(7))).toBe(USERNAME_MSG);
    expect(usernameRule(u(8))).toBeNull();
    expect(usernameRule(u(20))).toBeNull();
    expect(usernameRule(u(21))).toBe(USERNAME_MSG);
  });

  it('must start with a letter and hold only letters and digits', () => {
    expect(usernameRule('samtaylor1')).toBeNull();
    expect(usernameRule('SamTaylor')).toBeNull();
    expect(usernameRule('1samtaylor')).toBe(USERNAME_MSG);
    expect(usernameRule('sam_taylor')).toBe(USERNAME_MSG);
    expect(usernameRule('sam.taylor')).toBe(USERNAME_MSG);
    expect(usernameRule('sam taylor')).toBe(USERNAME_MSG);
    expect(usernameRule('')).toBe(USERNAME_MSG);
  });

  it('property: 8-20 letters/digits starting with a letter always pass', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{7,19}$/), (name) => {
        expect(name.length).toBeGreaterThanOrEqual(8);
        expect(name.length).toBeLessThanOrEqual(20);
        expect(usernameRule(name)).toBeNull();
      }),
    );
  });

  it('property: any string outside 8-20 characters fails, whatever its content', () => {
    const tooShort = fc.string({ maxLength: 7 });
    const tooLong = fc.string({ minLength: 21, maxLength: 60 });
    fc.assert(
      fc.property(fc.oneof(tooShort, tooLong), (name) => {
        expect(usernameRule(name)).toBe(USERNAME_MSG);
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,6}$/), fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{20,40}$/)),
        (name) => {
          expect(usernameRule(name)).toBe(USERNAME_MSG);
        },
      ),
    );
  });

  it('property: a leading digit always fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9][A-Za-z0-9]{7,19}$/), (name) => {
        expect(usernameRule(name)).toBe(USERNAME_MSG);
      }),
    );
  });
});

describe('email', () => {
  const emailOf = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

  it('accepts 254 characters and refuses 255', () => {
    expect(EMAIL_MAX).toBe(254);
    expect(emailOf(254)).toHaveLength(254);
    expect(emailOf(255)).toHaveLength(255);
    expect(emailRule(emailOf(254))).toBeNull();
    expect(emailRule(emailOf(255))).toBe(EMAIL_MSG);
  });

  it('needs one @, a domain with a dot, and no spaces', () => {
    expect(emailRule('sam@example.com')).toBeNull();
    expect(emailRule('sam.taylor+ski@mail.example.co.uk')).toBeNull();
    expect(emailRule('sam.example.com')).toBe(EMAIL_MSG);
    expect(emailRule('sam@example')).toBe(EMAIL_MSG);
    expect(emailRule('@example.com')).toBe(EMAIL_MSG);
    expect(emailRule('sam@@example.com')).toBe(EMAIL_MSG);
    expect(emailRule('sam taylor@example.com')).toBe(EMAIL_MSG);
    expect(emailRule('')).toBe(EMAIL_MSG);
  });

  it('profile: empty is "Email is required", otherwise the email rule', () => {
    expect(profileEmailRule('')).toBe('Email is required');
    expect(profileEmailRule('nope')).toBe(EMAIL_MSG);
    expect(profileEmailRule(emailOf(255))).toBe(EMAIL_MSG);
    expect(profileEmailRule('sam@example.com')).toBeNull();
  });

  it('property: any address longer than 254 characters is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 255, max: 400 }), (n) => {
        const email = emailOf(n);
        expect(email).toHaveLength(n);
        expect(emailRule(email)).toBe(EMAIL_MSG);
      }),
    );
  });
});
