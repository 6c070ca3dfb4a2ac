import { describe, expect, it } from 'vitest';
import { type AdminProfileValues, mergeProfile, newUserProblems, validateAdminProfile } from './users.ts';

const base: AdminProfileValues = {
  racer_id: null,
  is_racer: false,
  is_racer_confirmed: 'PENDING',
  contact_number: '',
  date_of_birth: null,
  gender: null,
  ski_or_board: null,
  local_club: null,
  other_club: '',
  emergency_contact_name: 'Pat Morgan',
  emergency_contact_number: '01234 567891',
  permission_photographed: false,
  permission_name_on_photos: false,
  permission_social_media: false,
  permission_share_data_with_sponsors: false,
  se_reg_number: '',
};

describe('New user (doc 2 §5)', () => {
  it('gives the three messages of the form', () => {
    expect(newUserProblems({ username: 'short', password: 'seven77', confirm_password: 'other' })).toEqual({
      username: 'Username must be at least 8 characters long and contain only alphanumeric characters',
      password: 'Password must be at least 8 characters long',
      confirm_password: 'Passwords do not match',
    });
    expect(newUserProblems({ username: 'abcdefgh', password: '12345678', confirm_password: '12345678' })).toEqual({});
    expect(
      newUserProblems({ username: 'abcd.efgh', password: '12345678', confirm_password: '12345678' }),
    ).toHaveProperty('username');
  });
});

describe('Racer flag (doc 2 §5)', () => {
  it('needs date of birth, gender, ski or snowboard and club for a racer; a name for OTHER', () => {
    const problems = validateAdminProfile({ ...base, is_racer: true }, '2026-11-24');
    expect(Object.keys(problems).sort()).toEqual(['date_of_birth', 'gender', 'local_club', 'ski_or_board']);
    const other = validateAdminProfile(
      {
        ...base,
        is_racer: true,
        date_of_birth: '2012-01-01',
        gender: 'MALE',
        ski_or_board: 'SKI',
        local_club: 'OTHER',
      },
      '2026-11-24',
    );
    expect(Object.keys(other)).toEqual(['other_club']);
    expect(validateAdminProfile(base, '2026-11-24')).toEqual({});
  });

  it('needs the emergency contact for everyone', () => {
    expect(Object.keys(validateAdminProfile({ ...base, emergency_contact_name: '' }, '2026-11-24'))).toEqual([
      'emergency_contact_name',
    ]);
  });
});

describe('mergeProfile', () => {
  it('changes the fields sent and keeps the rest; an empty choice or date means none', () => {
    const current = { ...base, is_racer: true, gender: 'MALE' as const, date_of_birth: '2012-01-01' };
    const next = mergeProfile(current, { contact_number: '07700 900123', gender: '', date_of_birth: undefined });
    expect(next.contact_number).toBe('07700 900123');
    expect(next.gender).toBeNull();
    expect(next.date_of_birth).toBe('2012-01-01');
    expect(next.emergency_contact_name).toBe('Pat Morgan');
  });
});
