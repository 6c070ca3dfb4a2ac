import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  contactNumberRule,
  dateOfBirthPartsRule,
  dateOfBirthRule,
  emergencyNameRule,
  emergencyNumberRule,
  isoFromParts,
  MIN_RACER_AGE,
  otherClubRule,
  PASSWORD_CHECKLIST,
  PASSWORD_MAX,
  PASSWORD_MIN,
  partsFromIso,
  passwordContentRule,
  passwordRequirements,
  passwordRule,
  passwordStrength,
  profileEmergencyNameRule,
  STRENGTH_LABELS,
  seRegNumberRule,
} from './rules.ts';

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

describe('password', () => {
  it('refuses 7 characters, accepts 8 and 20, refuses 21', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(20);
    const pw = (n: number) => `Ab1!${'x'.repeat(n - 4)}`;
    expect(pw(7)).toHaveLength(7);
    expect(pw(21)).toHaveLength(21);
    expect(passwordRule(pw(7))).toBe(PASSWORD_MSG);
    expect(passwordRule(pw(8))).toBeNull();
    expect(passwordRule(pw(20))).toBeNull();
    expect(passwordRule(pw(21))).toBe(PASSWORD_MSG);
  });

  it('refuses a password missing any one class', () => {
    expect(passwordRule('Abcdef1!')).toBeNull();
    expect(passwordRule('abcdef1!')).toBe(PASSWORD_MSG); // no upper case
    expect(passwordRule('ABCDEF1!')).toBe(PASSWORD_MSG); // no lower case
    expect(passwordRule('Abcdefg!')).toBe(PASSWORD_MSG); // no digit
    expect(passwordRule('Abcdefg1')).toBe(PASSWORD_MSG); // no special character
    expect(passwordRule('')).toBe(PASSWORD_MSG);
  });

  it('passwordRequirements reports each requirement separately', () => {
    expect(passwordRequirements('Abcdef1!')).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      number: true,
      special: true,
    });
    expect(passwordRequirements('abc')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      number: false,
      special: false,
    });
    // a space is not a special character
    expect(passwordRequirements('Abcdefg1 ').special).toBe(false);
    expect(passwordRequirements('Abcdefg1#').special).toBe(true);
  });

  it('property: every 8-20 character password with all four classes passes', () => {
    const cls = (chars: string) => fc.constantFrom(...chars.split(''));
    const all = cls('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*?');
    fc.assert(
      fc.property(
        cls('ABCXYZ'),
        cls('abcxyz'),
        cls('0123456789'),
        cls('!@#$%^&*?-_'),
        fc.array(all, { minLength: 4, maxLength: 16 }),
        (u, l, d, s, rest) => {
          const p = [u, l, d, s, ...rest].join('');
          expect(passwordRule(p)).toBeNull();
        },
      ),
    );
  });

  it('property: a password without digits always fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z!@#$%^&*?]{8,20}$/), (p) => {
        expect(passwordRule(p)).toBe(PASSWORD_MSG);
      }),
    );
  });
});

describe('passwordContentRule', () => {
  const personal = {
    username: 'SamTaylor99',
    email: 'sam.taylor@example.com',
    first_name: 'Samuel',
    last_name: 'Taylor',
  };

  it('catches the username, e-mail, first name and last name, ignoring case', () => {
    expect(passwordContentRule('xxsamtaylor99!A', personal)).toBe(PASSWORD_CONTENT_MSG);
    expect(passwordContentRule('!SAM.TAYLOR@EXAMPLE.COM1a', personal)).toBe(PASSWORD_CONTENT_MSG);
    expect(passwordContentRule('Q1!sAmUeLzz', personal)).toBe(PASSWORD_CONTENT_MSG);
    expect(passwordContentRule('Q1!TAYLORzz', personal)).toBe(PASSWORD_CONTENT_MSG);
  });

  it('catches the local part of the e-mail', () => {
    const other = { username: 'skifan2025', email: 'snowfox@example.com', first_name: 'Ann', last_name: 'Lee' };
    expect(passwordContentRule('Zz1!SnowFox', other)).toBe(PASSWORD_CONTENT_MSG);
    expect(passwordContentRule('Zz1!Snow-Fox', other)).toBeNull();
    // a one-letter local part is ignored, like a one-letter name
    expect(passwordContentRule('Zz1!Bo#x', { email: 'b@example.com' })).toBeNull();
  });

  it('passes a clean password', () => {
    expect(passwordContentRule('Zq7!wXr9', personal)).toBeNull();
    expect(passwordContentRule('Blue$Piste42', personal)).toBeNull();
  });

  it('ignores missing or one-letter personal fields', () => {
    expect(passwordContentRule('Abcdef1!', {})).toBeNull();
    expect(passwordContentRule('Abcdef1!', { first_name: 'A', last_name: '' })).toBeNull();
  });

  it('property: a password embedding the username in any case fails', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{7,19}$/),
        fc.string({ maxLength: 5 }),
        fc.string({ maxLength: 5 }),
        fc.boolean(),
        (username, pre, post, upper) => {
          const embedded = upper ? username.toUpperCase() : username.toLowerCase();
          expect(passwordContentRule(`${pre}${embedded}${post}`, { username })).toBe(PASSWORD_CONTENT_MSG);
        },
      ),
    );
  });
});

describe('passwordStrength', () => {
  it('labels by the number of requirements met', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: 'Very Weak' });
    expect(passwordStrength('abc')).toEqual({ score: 1, label: 'Very Weak' }); // lower only
    expect(passwordStrength('abcdefgh')).toEqual({ score: 2, label: 'Weak' }); // length + lower
    expect(passwordStrength('abcdefg1')).toEqual({ score: 3, label: 'Medium' });
    expect(passwordStrength('Abcdefg1')).toEqual({ score: 4, label: 'Strong' });
    expect(passwordStrength('Abcdef1!')).toEqual({ score: 5, label: 'Very Strong' });
    expect(passwordStrength('Ab1!')).toEqual({ score: 4, label: 'Strong' }); // all classes, too short
  });

  it('has the five labels of the spec', () => {
    expect(STRENGTH_LABELS).toEqual(['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong']);
  });

  it('property: the score equals the requirements met and picks the matching label', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (p) => {
        const { score, label } = passwordStrength(p);
        expect(score).toBe(Object.values(passwordRequirements(p)).filter(Boolean).length);
        expect(label).toBe(['Very Weak', 'Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong'][score]);
      }),
    );
  });

  it('PASSWORD_CHECKLIST has one entry per requirement', () => {
    expect(PASSWORD_CHECKLIST).toHaveLength(5);
    expect(PASSWORD_CHECKLIST.map((c) => c.key).sort()).toEqual(Object.keys(passwordRequirements('')).sort());
    expect(new Set(PASSWORD_CHECKLIST.map((c) => c.label)).size).toBe(5);
  });
});

describe('contact number', () => {
  it('accepts the spec formats', () => {
    expect(contactNumberRule('01234 123456')).toBeNull();
    expect(contactNumberRule('01234123456')).toBeNull();
    expect(contactNumberRule('+44 1234 123456')).toBeNull();
    expect(contactNumberRule('+441234123456')).toBeNull();
    expect(contactNumberRule('07700 900123')).toBeNull();
  });

  it('refuses short numbers and letters', () => {
    expect(contactNumberRule('1234')).toBe(CONTACT_MSG);
    expect(contactNumberRule('01234 12345')).toBe(CONTACT_MSG);
    expect(contactNumberRule('0123412345')).toBe(CONTACT_MSG);
    expect(contactNumberRule('012341234567')).toBe(CONTACT_MSG);
    expect(contactNumberRule('01234 abcdef')).toBe(CONTACT_MSG);
    expect(contactNumberRule('phone me')).toBe(CONTACT_MSG);
  });

  it('is optional: empty passes', () => {
    expect(contactNumberRule('')).toBeNull();
  });

  it('emergency number uses the same formats but is required', () => {
    expect(emergencyNumberRule('01234 123456')).toBeNull();
    expect(emergencyNumberRule('+44 1234 123456')).toBeNull();
    expect(emergencyNumberRule('1234')).toBe(CONTACT_MSG);
    expect(emergencyNumberRule('')).toBe(CONTACT_MSG);
  });

  it('property: any 11-digit number starting with 0 passes, with or without the space', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0[0-9]{4}$/), fc.stringMatching(/^[0-9]{6}$/), fc.boolean(), (a, b, sp) => {
        expect(contactNumberRule(`${a}${sp ? ' ' : ''}${b}`)).toBeNull();
      }),
    );
  });
});

describe('date of birth', () => {
  const today = '2025-06-15';

  it('dateOfBirthPartsRule: all empty is required, partial is incomplete', () => {
    expect(MIN_RACER_AGE).toBe(4);
    expect(dateOfBirthPartsRule({ day: '', month: '', year: '' }, today)).toBe(DOB_REQUIRED);
    expect(dateOfBirthPartsRule({ day: null, month: undefined, year: '' }, today)).toBe(DOB_REQUIRED);
    expect(dateOfBirthPartsRule({ day: '15', month: '', year: '' }, today)).toBe(DOB_INCOMPLETE);
    expect(dateOfBirthPartsRule({ day: '15', month: '6', year: '' }, today)).toBe(DOB_INCOMPLETE);
    expect(dateOfBirthPartsRule({ day: '', month: '6', year: '2010' }, today)).toBe(DOB_INCOMPLETE);
  });

  it('dateOfBirthPartsRule: a date not on the calendar is invalid', () => {
    expect(dateOfBirthPartsRule({ day: '31', month: '2', year: '2010' }, today)).toBe(DOB_INVALID);
    expect(dateOfBirthPartsRule({ day: '29', month: '2', year: '2019' }, today)).toBe(DOB_INVALID);
    expect(dateOfBirthPartsRule({ day: '31', month: '4', year: '2010' }, today)).toBe(DOB_INVALID);
    expect(dateOfBirthPartsRule({ day: '0', month: '1', year: '2010' }, today)).toBe(DOB_INVALID);
    expect(dateOfBirthPartsRule({ day: '1', month: '13', year: '2010' }, today)).toBe(DOB_INVALID);
    expect(dateOfBirthPartsRule({ day: 'x', month: '1', year: '2010' }, today)).toBe(DOB_INVALID);
    expect(dateOfBirthPartsRule({ day: '29', month: '2', year: '2020' }, today)).toBeNull();
  });

  it('a child whose 4th birthday is today is accepted; the day before is too young', () => {
    expect(dateOfBirthPartsRule({ day: '15', month: '6', year: '2021' }, today)).toBeNull();
    expect(dateOfBirthPartsRule({ day: 15, month: 6, year: 2021 }, today)).toBeNull();
    expect(dateOfBirthPartsRule({ day: '16', month: '6', year: '2021' }, today)).toBe(DOB_TOO_YOUNG);
    expect(dateOfBirthRule('2021-06-15', today)).toBeNull();
    expect(dateOfBirthRule('2021-06-16', today)).toBe(DOB_TOO_YOUNG);
    // the same child, checked the day before the birthday
    expect(dateOfBirthRule('2021-06-15', '2025-06-14')).toBe(DOB_TOO_YOUNG);
  });

  it('born on 29 February: 4 on the 29th in a leap 4th year, on 1 March otherwise', () => {
    expect(dateOfBirthRule('2020-02-29', '2024-02-28')).toBe(DOB_TOO_YOUNG);
    expect(dateOfBirthRule('2020-02-29', '2024-02-29')).toBeNull();
    expect(dateOfBirthRule('2020-02-29', '2024-03-01')).toBeNull();
    // 2100 is not a leap year: the 4th birthday of a 2096 leap-day child falls on 1 March
    expect(dateOfBirthRule('2096-02-29', '2100-02-28')).toBe(DOB_TOO_YOUNG);
    expect(dateOfBirthRule('2096-02-29', '2100-03-01')).toBeNull();
  });

  it('a future date, or today, is not a valid date of birth for a racer', () => {
    expect(dateOfBirthRule('2025-06-16', today)).toBe(DOB_INVALID);
    expect(dateOfBirthRule('2030-01-01', today)).toBe(DOB_INVALID);
    expect(dateOfBirthPartsRule({ day: '1', month: '1', year: '2030' }, today)).toBe(DOB_INVALID);
    expect(dateOfBirthRule(today, today)).toBe(DOB_TOO_YOUNG);
  });

  it('dateOfBirthRule: missing is required, malformed is invalid', () => {
    expect(dateOfBirthRule(null, today)).toBe(DOB_REQUIRED);
    expect(dateOfBirthRule(undefined, today)).toBe(DOB_REQUIRED);
    expect(dateOfBirthRule('', today)).toBe(DOB_REQUIRED);
    expect(dateOfBirthRule('2010-02-31', today)).toBe(DOB_INVALID);
    expect(dateOfBirthRule('15/06/2010', today)).toBe(DOB_INVALID);
    expect(dateOfBirthRule('2010-6-15', today)).toBe(DOB_INVALID);
  });

  it('ageOn counts whole years', () => {
    expect(ageOn('2000-01-01', '2025-06-15')).toBe(25);
    expect(ageOn('2000-06-15', '2025-06-15')).toBe(25);
    expect(ageOn('2000-06-16', '2025-06-15')).toBe(24);
    expect(ageOn('2000-07-01', '2025-06-15')).toBe(24);
    expect(ageOn('2025-06-15', '2025-06-15')).toBe(0);
    expect(ageOn('2020-02-29', '2021-02-28')).toBe(0);
    expect(ageOn('2020-02-29', '2021-03-01')).toBe(1);
    expect(ageOn('bad', '2025-06-15')).toBeNaN();
    expect(ageOn('2000-01-01', '2025-02-30')).toBeNaN();
  });

  it('isoFromParts and partsFromIso', () => {
    expect(isoFromParts({ day: '7', month: '3', year: '2026' })).toBe('2026-03-07');
    expect(isoFromParts({ day: 31, month: 12, year: 1999 })).toBe('1999-12-31');
    expect(isoFromParts({ day: 31, month: 2, year: 1999 })).toBeNull();
    expect(isoFromParts({ day: 1.5, month: 2, year: 1999 })).toBeNull();
    expect(isoFromParts({ day: 1, month: 2, year: 99 })).toBeNull();
    expect(partsFromIso('2026-03-07')).toEqual({ day: 7, month: 3, year: 2026 });
    expect(partsFromIso('2026-02-29')).toBeNull();
    expect(partsFromIso('2026-3-7')).toBeNull();
  });

  it('property: a valid past date is accepted exactly when the racer is at least 4', () => {
    const base = Date.UTC(1930, 0, 1);
    const day = 86_400_000;
    const isoAt = (n: number) => new Date(base + n * day).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 3_000 }), (birthN, gap) => {
        const birth = isoAt(birthN);
        const on = isoAt(birthN + gap);
        const age = ageOn(birth, on);
        expect(age).toBeGreaterThanOrEqual(0);
        expect(dateOfBirthRule(birth, on)).toBe(age >= 4 ? null : DOB_TOO_YOUNG);
        const [y, m, d] = birth.split('-');
        expect(dateOfBirthPartsRule({ day: d, month: m, year: y }, on)).toBe(dateOfBirthRule(birth, on));
      }),
    );
  });
});

describe('other club', () => {
  it('is required, 3-50 letters and spaces', () => {
    expect(otherClubRule('')).toBe(OTHER_CLUB_REQUIRED);
    expect(otherClubRule('Ab')).toBe(OTHER_CLUB_FORMAT);
    expect(otherClubRule('Abc')).toBeNull();
    expect(nameOf(50)).toHaveLength(50);
    expect(otherClubRule(nameOf(50))).toBeNull();
    expect(otherClubRule(nameOf(51))).toBe(OTHER_CLUB_FORMAT);
    expect(otherClubRule('Chiltern Ski Club')).toBeNull();
    expect(otherClubRule('Club 99')).toBe(OTHER_CLUB_FORMAT);
    expect(otherClubRule('St-Moritz')).toBe(OTHER_CLUB_FORMAT);
  });
});

describe('se_reg_number', () => {
  it('optional, 1 to 7 digits', () => {
    expect(seRegNumberRule('')).toBeNull();
    expect(seRegNumberRule('1')).toBeNull();
    expect(seRegNumberRule('1234567')).toBeNull();
    expect(seRegNumberRule('12345678')).toBe(SE_REG_MSG);
    expect(seRegNumberRule('abc')).toBe(SE_REG_MSG);
    expect(seRegNumberRule('12a')).toBe(SE_REG_MSG);
    expect(seRegNumberRule('-1')).toBe(SE_REG_MSG);
  });

  it('property: digit strings pass exactly when 1-7 long', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,12}$/), (s) => {
        expect(seRegNumberRule(s)).toBe(s.length <= 7 ? null : SE_REG_MSG);
      }),
    );
  });
});

describe('emergency contact name', () => {
  it('needs a first and last name', () => {
    expect(emergencyNameRule('Jane')).toBe(EMERGENCY_BOTH);
    expect(emergencyNameRule('')).toBe(EMERGENCY_BOTH);
    expect(emergencyNameRule('Jane Doe')).toBeNull();
    expect(emergencyNameRule("Mary-Jane O'Neil")).toBeNull();
  });

  it('refuses digits and symbols in a two-word name with the same message', () => {
    expect(emergencyNameRule('Jane D0e')).toBe(EMERGENCY_BOTH);
    expect(emergencyNameRule('Jane Doe!')).toBe(EMERGENCY_BOTH);
    expect(emergencyNameRule(`Jane ${'d'.repeat(46)}`)).toBe('Emergency contact name must be 50 characters or fewer');
  });

  it('profile: empty is "Emergency contact name is required"', () => {
    expect(profileEmergencyNameRule('')).toBe('Emergency contact name is required');
    expect(profileEmergencyNameRule('Jane')).toBe(EMERGENCY_BOTH);
    expect(profileEmergencyNameRule('Jane Doe')).toBeNull();
  });
});
