import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contactNumberRule,
  emailLocalPart,
  emergencyNameRule,
  emergencyNumberRule,
  isContactNumber,
  passwordContentRule,
  passwordRequirements,
  passwordRule,
  passwordStrength,
  profileEmergencyNameRule,
} from './rules.ts';
import {
  type ProfileUpdate,
  profileUpdateSchema,
  type RegistrationPayload,
  registrationPayloadSchema,
  validateProfileUpdate,
  validateRegistration,
} from './validation.ts';

/** Where the registration, profile and password rules must agree with each other and with the
 * spec (doc 1 §5), including the places issue 6 found them apart. */

const CONTACT_MSG = 'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456';
const CONTENT_MSG = 'Password should not contain your username, email, first name, or last name';
const EMERGENCY_BOTH = 'Please provide both first and last name for emergency contact';

const ctx = { provider: 'ERSA', today: '2025-06-15' };
const registration: RegistrationPayload = registrationPayloadSchema.parse({
  first_name: 'Sam',
  last_name: 'Taylor',
  username: 'skifan2025',
  email: 'parent@example.com',
  password: 'Blue$Piste42',
  is_racer: false,
  emergency_contact_name: 'Jane Taylor',
  emergency_contact_number: '01234 123456',
  accept_terms_and_conditions: true,
});
const profile: ProfileUpdate = profileUpdateSchema.parse({
  email: 'parent@example.com',
  emergency_contact_name: 'Jane Taylor',
  emergency_contact_number: '01234 123456',
});

describe('passwords: the rule, the checklist and the strength label agree', () => {
  it('accepts a password with spaces that meets the four classes and 8-20 characters', () => {
    expect(passwordRule('Blue Piste#42')).toBeNull();
    expect(passwordRule(' Ab1!word ')).toBeNull();
    expect(passwordStrength('Blue Piste#42').label).toBe('Very Strong');
    expect(validateRegistration({ ...registration, password: 'Blue Piste#42' }, ctx)).toEqual({});
  });

  it('a space is not the special character', () => {
    expect(passwordRequirements('Blue Piste42').special).toBe(false);
    expect(passwordRule('Blue Piste42')).not.toBeNull();
  });

  it('refuses control characters with the text rule’s message', () => {
    expect(passwordRule('Blue\tPiste#42')).toBe('Password contains characters that are not allowed');
    expect(passwordRule('Blue\u0000Piste#42')).toBe('Password contains characters that are not allowed');
  });

  it('property: a printable password passes exactly when the label is Very Strong', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 24 }), (p) => {
        expect(passwordRule(p) === null).toBe(passwordStrength(p).label === 'Very Strong');
      }),
      { seed: 61, numRuns: 300 },
    );
  });
});

describe('contact numbers: one rule for registration, profile and emergency numbers', () => {
  const valid = [
    '01234 123456',
    '01234123456',
    '12345 123456',
    '21234567890',
    '07911 123 456',
    '020 7946 0958',
    '+44 1234 123456',
    '+441234123456',
    '+353 1 234 5678',
    '+1 212 555 0100',
  ];
  const invalid = [
    '0123 45678',
    '012341234567',
    '01234  123456',
    '01234-123456',
    '(01234) 123456',
    '+0 1234 123456',
    '+44 12',
    '+44 1234 1234567890',
    '+ 44 1234 123456',
    'phone me',
  ];

  it.each(valid)('accepts %s everywhere', (n) => {
    expect(isContactNumber(n)).toBe(true);
    expect(contactNumberRule(n)).toBeNull();
    expect(emergencyNumberRule(n)).toBeNull();
    expect(validateRegistration({ ...registration, contact_number: n, emergency_contact_number: n }, ctx)).toEqual({});
    expect(validateProfileUpdate({ ...profile, contact_number: n, emergency_contact_number: n })).toEqual({});
  });

  it.each(invalid)('refuses %s everywhere with the contact message', (n) => {
    expect(contactNumberRule(n)).toBe(CONTACT_MSG);
    expect(emergencyNumberRule(n)).toBe(CONTACT_MSG);
  });

  it('refuses an over-long or control-character number with the contact message', () => {
    expect(contactNumberRule('0'.repeat(31))).toBe(CONTACT_MSG);
    expect(contactNumberRule('01234\u0000123456')).toBe(CONTACT_MSG);
  });

  it('property: 11 digits in any grouping by single spaces pass; 10 or 12 do not', () => {
    const grouped = (n: number) =>
      fc
        .tuple(fc.stringMatching(new RegExp(`^[0-9]{${n}}$`)), fc.array(fc.boolean(), { minLength: n, maxLength: n }))
        .map(([digits, cuts]) => [...digits].map((d, i) => (i > 0 && cuts[i] ? ` ${d}` : d)).join(''));
    fc.assert(
      fc.property(grouped(11), grouped(10), grouped(12), (ok, short, long) => {
        expect(contactNumberRule(ok)).toBeNull();
        expect(contactNumberRule(short)).toBe(CONTACT_MSG);
        expect(contactNumberRule(long)).toBe(CONTACT_MSG);
      }),
      { seed: 62 },
    );
  });
});

describe('password content: the e-mail is read as its local part (docs/decisions/0010)', () => {
  const personal = { username: 'skifan2025', email: 'snowfox@example.com', first_name: 'Ann', last_name: 'Lee' };

  it('takes the part before the last @', () => {
    expect(emailLocalPart('snowfox@example.com')).toBe('snowfox');
    expect(emailLocalPart('"a@b"@example.com')).toBe('"a@b"');
    expect(emailLocalPart('no-at-sign')).toBe('no-at-sign');
  });

  it('refuses the local part in any case, and so the whole address', () => {
    expect(passwordContentRule('Zz1!SnowFox', personal)).toBe(CONTENT_MSG);
    expect(passwordContentRule('snowfox@example.com', personal)).toBe(CONTENT_MSG);
    expect(passwordContentRule('Zz1!Snow-Fox', personal)).toBeNull();
    expect(passwordContentRule('Zz1!example.com', personal)).toBeNull();
  });

  it('counts a local part from 2 characters, like every other personal value', () => {
    expect(passwordContentRule('Major#2025x', { email: 'jo@example.com' })).toBe(CONTENT_MSG);
    expect(passwordContentRule('Major#2025x', { first_name: 'Jo' })).toBe(CONTENT_MSG);
    expect(passwordContentRule('Zz1!x#2025', { email: 'j@example.com' })).toBeNull();
  });

  it('registration applies it to the address typed in the form', () => {
    expect(
      validateRegistration({ ...registration, email: 'snowfox@example.com', password: 'Snowfox#2025' }, ctx),
    ).toEqual({ password: CONTENT_MSG });
  });
});

describe('emergency contact name: one rule for registration and profile', () => {
  it('accepts titles and initials', () => {
    for (const name of ['Dr. Pat Smith', 'J. R. Hartley', "Mary-Jane O'Neil", 'Zoë Müller', 'Pat   Smith']) {
      expect(emergencyNameRule(name), name).toBeNull();
      expect(validateRegistration({ ...registration, emergency_contact_name: name }, ctx)).toEqual({});
      expect(validateProfileUpdate({ ...profile, emergency_contact_name: name })).toEqual({});
    }
  });

  it('needs a first and last name made of letters', () => {
    for (const name of ['', 'Pat', 'Jane D0e', 'Jane Doe!', 'Pat . Smith', 'Pat &']) {
      expect(emergencyNameRule(name), name).toBe(EMERGENCY_BOTH);
    }
    expect(profileEmergencyNameRule('')).toBe('Emergency contact name is required');
    expect(profileEmergencyNameRule('Pat')).toBe(EMERGENCY_BOTH);
  });

  it('is at most 50 characters, without control characters', () => {
    const of = (n: number) => `Pat ${'s'.repeat(n - 4)}`;
    expect(emergencyNameRule(of(50))).toBeNull();
    expect(emergencyNameRule(of(51))).toBe('Emergency contact name must be 50 characters or fewer');
    expect(emergencyNameRule('Pat\tSmith')).toBe('Emergency contact name contains characters that are not allowed');
  });

  it('property: whatever registration accepts in a shared field, the profile accepts too', () => {
    const word = fc.stringMatching(/^[A-Za-zéø.'’\-0-9!]{1,8}$/);
    const name = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
    const phone = fc.stringMatching(/^\+?[0-9 ]{6,18}$/);
    const email = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 }));
    const seReg = fc.stringMatching(/^[0-9a]{0,9}$/);
    const field = fc.oneof(
      fc.record({ key: fc.constant('emergency_contact_name' as const), value: fc.oneof(name, fc.string()) }),
      fc.record({ key: fc.constant('emergency_contact_number' as const), value: phone }),
      fc.record({ key: fc.constant('contact_number' as const), value: phone }),
      fc.record({ key: fc.constant('email' as const), value: email }),
      fc.record({ key: fc.constant('se_reg_number' as const), value: seReg }),
    );
    fc.assert(
      fc.property(field, ({ key, value }) => {
        const registered = registrationPayloadSchema.safeParse({ ...registration, [key]: value });
        if (!registered.success || validateRegistration(registered.data, ctx)[key]) return;
        const saved = profileUpdateSchema.safeParse({ ...profile, [key]: value });
        expect(saved.success).toBe(true);
        if (saved.success) expect(validateProfileUpdate(saved.data)[key]).toBeUndefined();
      }),
      { seed: 63, numRuns: 1000 },
    );
  });
});
