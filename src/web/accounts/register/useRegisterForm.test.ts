import { describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/accounts/messages.ts';
import { EMPTY_REGISTRATION, type RegisterValues, toPayload, validateRegisterValues } from './useRegisterForm.ts';

const racer: RegisterValues = {
  ...EMPTY_REGISTRATION,
  is_racer: true,
  first_name: ' alex ',
  last_name: 'Turner',
  username: 'alexturner1',
  email: 'alex@example.com ',
  password: 'Snow#Slope42',
  confirm_password: 'Snow#Slope42',
  dob_day: '14',
  dob_month: '3',
  dob_year: '2012',
  gender: 'FEMALE',
  ski_or_board: 'SKI',
  local_club: 'HEMEL_SKI_RACE_CLUB',
  other_club: 'Ignored Club',
  se_reg_number: '1234',
  emergency_contact_name: 'Pat Turner',
  emergency_contact_number: '01234 567891',
  accept_terms_and_conditions: true,
};

describe('toPayload', () => {
  it('trims text, builds the ISO date and never sends the confirmation', () => {
    const payload = toPayload(racer);
    expect(payload.first_name).toBe('alex');
    expect(payload.email).toBe('alex@example.com');
    expect(payload.date_of_birth).toBe('2012-03-14');
    expect(payload.other_club).toBe('');
    expect(payload.se_reg_number).toBe('1234');
    expect('confirm_password' in payload).toBe(false);
  });

  it('clears the racer-only fields for a non-racer', () => {
    const payload = toPayload({ ...racer, is_racer: false });
    expect(payload).toMatchObject({
      date_of_birth: null,
      gender: null,
      ski_or_board: null,
      local_club: null,
      other_club: '',
      se_reg_number: '',
    });
  });

  it('keeps the other club only for OTHER', () => {
    expect(toPayload({ ...racer, local_club: 'OTHER' }).other_club).toBe('Ignored Club');
  });
});

describe('validateRegisterValues', () => {
  it('passes a complete racer', () => {
    expect(validateRegisterValues(racer, 'ERSA')).toEqual({});
  });

  it('uses the pickers’ own messages and checks the confirmation', () => {
    const errors = validateRegisterValues({ ...racer, dob_year: '', confirm_password: 'Other#Pass12' }, 'ERSA');
    expect(errors).toEqual({ date_of_birth: MSG.dobIncomplete, confirm_password: MSG.passwordsDoNotMatch });
  });

  it('names the association in the policies message', () => {
    expect(validateRegisterValues({ ...racer, accept_terms_and_conditions: false }, 'XYZ')).toEqual({
      accept_terms_and_conditions: 'You must accept the XYZ policies to register',
    });
  });

  it('does not ask a non-racer for racer details', () => {
    expect(validateRegisterValues({ ...EMPTY_REGISTRATION, ...racer, is_racer: false, dob_day: '' }, 'ERSA')).toEqual(
      {},
    );
  });
});
