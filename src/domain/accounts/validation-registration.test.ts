import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normaliseRegistration,
  type RegistrationPayload,
  registrationPayloadSchema,
  validateRegistration,
} from './validation.ts';

const PASSWORD_MSG =
  'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character';
const CONTACT_MSG = 'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456';
const EMAIL_MSG = 'Please enter a valid email address (max 254 characters)';
const SE_REG_MSG = 'SE Registration Number must be a number between 1 and 7 digits';
const EMERGENCY_BOTH = 'Please provide both first and last name for emergency contact';

const ctx = { provider: 'ERSA', today: '2025-06-15' };

const racer: RegistrationPayload = {
  first_name: 'Sam',
  last_name: 'Taylor',
  username: 'skifan2025',
  email: 'parent@example.com',
  password: 'Blue$Piste42',
  is_racer: true,
  contact_number: '01234 123456',
  date_of_birth: '2014-03-07',
  gender: 'FEMALE',
  ski_or_board: 'SKI',
  local_club: 'HEMEL_SKI_RACE_CLUB',
  other_club: '',
  emergency_contact_name: 'Jane Taylor',
  emergency_contact_number: '+44 1234 123456',
  accept_terms_and_conditions: true,
  permission_photographed: true,
  permission_name_on_photos: false,
  permission_social_media: false,
  permission_share_data_with_sponsors: false,
  se_reg_number: '123456',
};

const nonRacer: RegistrationPayload = {
  ...racer,
  username: 'parentacct1',
  is_racer: false,
  date_of_birth: null,
  gender: null,
  ski_or_board: null,
  local_club: null,
  se_reg_number: '',
  contact_number: '',
};

describe('validateRegistration', () => {
  it('passes a valid racer and a valid non-racer', () => {
    expect(validateRegistration(racer, ctx)).toEqual({});
    expect(validateRegistration(nonRacer, ctx)).toEqual({});
  });

  it('a non-racer needs no date of birth, gender, discipline or club', () => {
    expect(
      validateRegistration(
        { ...nonRacer, date_of_birth: null, gender: null, ski_or_board: null, local_club: null },
        ctx,
      ),
    ).toEqual({});
    // a too-young or invalid date is not checked for a non-racer either
    expect(validateRegistration({ ...nonRacer, date_of_birth: '2025-01-01' }, ctx)).toEqual({});
  });

  it('a racer without the racer fields gets each racer message', () => {
    expect(
      validateRegistration({ ...racer, date_of_birth: null, gender: null, ski_or_board: null, local_club: null }, ctx),
    ).toEqual({
      date_of_birth: 'Date of birth is required for racers',
      gender: 'Gender is required for racers',
      ski_or_board: 'Ski or Snowboard selection is required for racers',
      local_club: 'Local club is required for racers',
    });
  });

  it('checks the racer age against ctx.today', () => {
    expect(validateRegistration({ ...racer, date_of_birth: '2021-06-15' }, ctx)).toEqual({});
    expect(validateRegistration({ ...racer, date_of_birth: '2021-06-16' }, ctx)).toEqual({
      date_of_birth: 'User must be at least 4 years old',
    });
    expect(validateRegistration({ ...racer, date_of_birth: '2010-02-31' }, ctx)).toEqual({
      date_of_birth: 'Please enter a valid date of birth',
    });
  });

  it('an OTHER club needs other_club', () => {
    expect(validateRegistration({ ...racer, local_club: 'OTHER', other_club: '' }, ctx)).toEqual({
      other_club: 'Please specify your club',
    });
    expect(validateRegistration({ ...racer, local_club: 'OTHER', other_club: 'X1' }, ctx)).toEqual({
      other_club: 'Club name must be 3-50 characters long and contain only letters and spaces',
    });
    expect(validateRegistration({ ...racer, local_club: 'OTHER', other_club: 'Chiltern Ski Club' }, ctx)).toEqual({});
  });

  it('a named club ignores other_club', () => {
    expect(validateRegistration({ ...racer, other_club: '' }, ctx)).toEqual({});
  });

  it('a non-racer is not held up by a hidden OTHER club', () => {
    expect(validateRegistration({ ...nonRacer, local_club: 'OTHER', other_club: '' }, ctx)).toEqual({});
  });

  it('terms must be accepted; the message names the provider', () => {
    expect(validateRegistration({ ...racer, accept_terms_and_conditions: false }, ctx)).toEqual({
      accept_terms_and_conditions: 'You must accept the ERSA policies to register',
    });
    expect(validateRegistration({ ...racer, accept_terms_and_conditions: false }, { ...ctx, provider: 'ABC' })).toEqual(
      {
        accept_terms_and_conditions: 'You must accept the ABC policies to register',
      },
    );
  });

  it('reports every invalid common field with its spec message', () => {
    expect(
      validateRegistration(
        {
          ...nonRacer,
          first_name: '',
          last_name: 'T',
          username: '1bad',
          email: 'nope',
          password: 'short',
          contact_number: '1234',
          emergency_contact_name: 'Jane',
          emergency_contact_number: '',
          se_reg_number: '12345678',
        },
        ctx,
      ),
    ).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
      username: 'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long',
      email: EMAIL_MSG,
      password: PASSWORD_MSG,
      contact_number: CONTACT_MSG,
      emergency_contact_name: EMERGENCY_BOTH,
      emergency_contact_number: CONTACT_MSG,
      se_reg_number: SE_REG_MSG,
    });
  });

  it('a strong password holding personal data gets the content message', () => {
    expect(validateRegistration({ ...racer, password: 'Taylor#2025' }, ctx)).toEqual({
      password: 'Password should not contain your username, email, first name, or last name',
    });
    expect(validateRegistration({ ...racer, password: 'X!SKIFAN2025a' }, ctx)).toEqual({
      password: 'Password should not contain your username, email, first name, or last name',
    });
  });

  it('a weak password reports the format message first, not the content message', () => {
    expect(validateRegistration({ ...racer, password: 'taylor' }, ctx)).toEqual({ password: PASSWORD_MSG });
  });
});

describe('registrationPayloadSchema', () => {
  const raw = {
    first_name: '  sam ',
    last_name: ' taylor  ',
    username: ' skifan2025 ',
    email: ' parent@example.com ',
    password: ' Blue$Piste42 ',
    is_racer: false,
  };

  it('trims text fields but not the password, and fills defaults', () => {
    const parsed = registrationPayloadSchema.parse(raw);
    expect(parsed.first_name).toBe('sam');
    expect(parsed.last_name).toBe('taylor');
    expect(parsed.username).toBe('skifan2025');
    expect(parsed.email).toBe('parent@example.com');
    expect(parsed.password).toBe(' Blue$Piste42 ');
    expect(parsed.contact_number).toBe('');
    expect(parsed.date_of_birth).toBeNull();
    expect(parsed.gender).toBeNull();
    expect(parsed.local_club).toBeNull();
    expect(parsed.accept_terms_and_conditions).toBe(false);
    expect(parsed.se_reg_number).toBe('');
  });

  it('trims the optional text fields too', () => {
    const parsed = registrationPayloadSchema.parse({
      ...raw,
      other_club: '  Chiltern ',
      emergency_contact_name: ' Jane Taylor ',
      emergency_contact_number: ' 01234 123456 ',
      contact_number: ' 01234123456 ',
      se_reg_number: ' 42 ',
      date_of_birth: ' 2014-03-07 ',
    });
    expect(parsed.other_club).toBe('Chiltern');
    expect(parsed.emergency_contact_name).toBe('Jane Taylor');
    expect(parsed.emergency_contact_number).toBe('01234 123456');
    expect(parsed.contact_number).toBe('01234123456');
    expect(parsed.se_reg_number).toBe('42');
    expect(parsed.date_of_birth).toBe('2014-03-07');
  });

  it('turns empty choice fields into null', () => {
    const parsed = registrationPayloadSchema.parse({
      ...raw,
      gender: '',
      ski_or_board: '',
      local_club: '',
      date_of_birth: '',
    });
    expect(parsed.gender).toBeNull();
    expect(parsed.ski_or_board).toBeNull();
    expect(parsed.local_club).toBeNull();
    expect(parsed.date_of_birth).toBeNull();
  });

  it('refuses unknown fields, including the confirm password', () => {
    expect(registrationPayloadSchema.safeParse({ ...raw, is_admin: true }).success).toBe(false);
    expect(registrationPayloadSchema.safeParse({ ...raw, confirm_password: 'x' }).success).toBe(false);
    expect(registrationPayloadSchema.safeParse({ ...raw, role: 'admin' }).success).toBe(false);
  });

  it('refuses values outside the choice lists', () => {
    expect(registrationPayloadSchema.safeParse({ ...raw, gender: 'OTHER' }).success).toBe(false);
    expect(registrationPayloadSchema.safeParse({ ...raw, ski_or_board: 'SLED' }).success).toBe(false);
    expect(registrationPayloadSchema.safeParse({ ...raw, local_club: 'NOT_A_CLUB' }).success).toBe(false);
    expect(registrationPayloadSchema.safeParse({ ...raw, local_club: 'MK_SKI_RACE_TEAM' }).success).toBe(true);
  });

  it('requires the racer flag; a missing text field is empty, so its rule gives the spec message', () => {
    const { is_racer: _omitted, ...withoutRacer } = raw;
    expect(registrationPayloadSchema.safeParse(withoutRacer).error?.issues[0]?.message).toBe(
      'Racer must be true or false',
    );
    const { username: _u, ...withoutUsername } = raw;
    const parsed = registrationPayloadSchema.parse(withoutUsername);
    expect(parsed.username).toBe('');
    expect(validateRegistration(parsed, ctx).username).toBe(
      'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long',
    );
  });

  it('property: surrounding whitespace never survives on names', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[ \t]{0,4}$/),
        fc.stringMatching(/^[a-z]{2,10}$/),
        fc.stringMatching(/^[ \t]{0,4}$/),
        (l, name, r) => {
          const parsed = registrationPayloadSchema.parse({ ...raw, first_name: `${l}${name}${r}` });
          expect(parsed.first_name).toBe(name);
        },
      ),
    );
  });
});

describe('normaliseRegistration', () => {
  it('capitalises names', () => {
    const out = normaliseRegistration({ ...racer, first_name: 'mary-jane', last_name: "o'neil" });
    expect(out.first_name).toBe('Mary-Jane');
    expect(out.last_name).toBe("O'Neil");
  });

  it('keeps the racer fields of a racer', () => {
    const out = normaliseRegistration(racer);
    expect(out).toEqual(racer);
  });

  it('clears racer-only fields for a non-racer', () => {
    const out = normaliseRegistration({
      ...nonRacer,
      date_of_birth: '2014-03-07',
      gender: 'MALE',
      ski_or_board: 'SNOWBOARD',
      local_club: 'OTHER',
      other_club: 'Chiltern',
    });
    expect(out.date_of_birth).toBeNull();
    expect(out.gender).toBeNull();
    expect(out.ski_or_board).toBeNull();
    expect(out.local_club).toBeNull();
    expect(out.other_club).toBe('');
    expect(out.username).toBe(nonRacer.username);
    expect(out.email).toBe(nonRacer.email);
  });

  it('keeps other_club only for an OTHER club', () => {
    expect(normaliseRegistration({ ...racer, local_club: 'OTHER', other_club: 'Chiltern' }).other_club).toBe(
      'Chiltern',
    );
    expect(normaliseRegistration({ ...racer, other_club: 'Chiltern' }).other_club).toBe('');
  });
});
