import { describe, expect, it } from 'vitest';
import {
  profileUpdateSchema,
  toFieldErrors,
  validateChangePassword,
  validateLogin,
  validateProfileUpdate,
  validateResetPasswords,
  validateResetRequest,
} from './validation.ts';

const PASSWORD_MSG =
  'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character';
const CONTACT_MSG = 'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456';
const EMAIL_MSG = 'Please enter a valid email address (max 254 characters)';
const SE_REG_MSG = 'SE Registration Number must be a number between 1 and 7 digits';
const EMERGENCY_BOTH = 'Please provide both first and last name for emergency contact';

describe('profile update', () => {
  const valid = {
    email: 'parent@example.com',
    contact_number: '',
    emergency_contact_name: 'Jane Taylor',
    emergency_contact_number: '01234 123456',
    se_reg_number: '',
  };

  it('passes a valid update', () => {
    expect(validateProfileUpdate(valid)).toEqual({});
    expect(validateProfileUpdate({ ...valid, contact_number: '+44 1234 123456', se_reg_number: '1234567' })).toEqual(
      {},
    );
  });

  it('email is required and must be valid', () => {
    expect(validateProfileUpdate({ ...valid, email: '' })).toEqual({ email: 'Email is required' });
    expect(validateProfileUpdate({ ...valid, email: 'parent.example.com' })).toEqual({ email: EMAIL_MSG });
  });

  it('emergency contact name: required, then both names', () => {
    expect(validateProfileUpdate({ ...valid, emergency_contact_name: '' })).toEqual({
      emergency_contact_name: 'Emergency contact name is required',
    });
    expect(validateProfileUpdate({ ...valid, emergency_contact_name: 'Jane' })).toEqual({
      emergency_contact_name: EMERGENCY_BOTH,
    });
  });

  it('emergency contact number: required, then the contact format', () => {
    expect(validateProfileUpdate({ ...valid, emergency_contact_number: '' })).toEqual({
      emergency_contact_number: 'Emergency contact number is required',
    });
    expect(validateProfileUpdate({ ...valid, emergency_contact_number: '1234' })).toEqual({
      emergency_contact_number: CONTACT_MSG,
    });
  });

  it('contact number and se_reg_number', () => {
    expect(validateProfileUpdate({ ...valid, contact_number: '01234 12345' })).toEqual({
      contact_number: CONTACT_MSG,
    });
    expect(validateProfileUpdate({ ...valid, se_reg_number: '12345678' })).toEqual({ se_reg_number: SE_REG_MSG });
    expect(validateProfileUpdate({ ...valid, se_reg_number: 'A12' })).toEqual({ se_reg_number: SE_REG_MSG });
  });

  it('profileUpdateSchema refuses unknown and read-only keys, trims and defaults', () => {
    expect(profileUpdateSchema.safeParse({ ...valid, first_name: 'Sam' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...valid, is_racer: true }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
    const parsed = profileUpdateSchema.parse({ email: ' parent@example.com ' });
    expect(parsed).toEqual({
      email: 'parent@example.com',
      contact_number: '',
      emergency_contact_name: '',
      emergency_contact_number: '',
      se_reg_number: '',
    });
    // a missing e-mail parses as empty, so validateProfileUpdate can say 'Email is required'
    const empty = profileUpdateSchema.parse({});
    expect(empty.email).toBe('');
    expect(validateProfileUpdate(empty).email).toBe('Email is required');
  });
});

describe('login and reset request', () => {
  it('username and password are required', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: '*Please enter your username',
      password: '*Please enter your password',
    });
    expect(validateLogin({ username: '   ', password: 'x' })).toEqual({ username: '*Please enter your username' });
    expect(validateLogin({ username: 'skifan2025', password: '' })).toEqual({
      password: '*Please enter your password',
    });
    expect(validateLogin({ username: 'skifan2025', password: 'anything' })).toEqual({});
  });

  it('the reset request needs a username', () => {
    expect(validateResetRequest({ username: ' ' })).toEqual({ username: 'Please enter your username' });
    expect(validateResetRequest({ username: 'skifan2025' })).toEqual({});
  });
});

describe('validateChangePassword', () => {
  it('passes a valid change', () => {
    expect(
      validateChangePassword({ old_password: 'old', new_password1: 'Blue$Piste42', new_password2: 'Blue$Piste42' }),
    ).toEqual({});
  });

  it('requires the current password', () => {
    expect(
      validateChangePassword({ old_password: '', new_password1: 'Blue$Piste42', new_password2: 'Blue$Piste42' }),
    ).toEqual({ old_password: 'Current password is required' });
  });

  it('the confirmation must match', () => {
    expect(
      validateChangePassword({ old_password: 'old', new_password1: 'Blue$Piste42', new_password2: 'Blue$Piste43' }),
    ).toEqual({ new_password2: 'Passwords do not match' });
  });

  it('the new password must meet the password rule', () => {
    expect(
      validateChangePassword({ old_password: 'old', new_password1: 'weakpass', new_password2: 'weakpass' }),
    ).toEqual({ new_password1: PASSWORD_MSG });
    expect(validateChangePassword({ old_password: 'old', new_password1: '', new_password2: '' })).toEqual({
      new_password1: 'New password is required',
    });
  });
});

describe('validateResetPasswords', () => {
  it('both fields are required', () => {
    expect(validateResetPasswords({ new_password: '', confirm_password: '' })).toEqual({
      new_password: 'Please enter a new password',
      confirm_password: 'Please confirm your new password',
    });
  });

  it('they must match', () => {
    expect(validateResetPasswords({ new_password: 'Blue$Piste42', confirm_password: 'Blue$Piste4' })).toEqual({
      confirm_password: 'Passwords do not match',
    });
    expect(validateResetPasswords({ new_password: 'Blue$Piste42', confirm_password: 'Blue$Piste42' })).toEqual({});
  });

  it('the new password must meet the password rule', () => {
    expect(validateResetPasswords({ new_password: 'weakpass', confirm_password: 'weakpass' })).toEqual({
      new_password: PASSWORD_MSG,
    });
  });
});

describe('toFieldErrors', () => {
  it('wraps each message in a list', () => {
    expect(toFieldErrors({ email: 'Email is required', username: 'x' })).toEqual({
      email: ['Email is required'],
      username: ['x'],
    });
    expect(toFieldErrors({})).toEqual({});
  });
});
