import type { TextRule } from '../text.ts';
import { MSG } from './messages.ts';

/** The spec's length limits (doc 1 §9). */
export const NAME_MAX = 50;
export const USERNAME_MAX = 20;
export const EMAIL_MAX = 254;
/** Sign-in names: accounts an administrator created may be longer than the 20 of registration. */
export const SIGN_IN_USERNAME_MAX = 150;
/** Any password field; new passwords are 8-20 (passwordRule), older or admin-set ones may be longer. */
export const PASSWORD_FIELD_MAX = 256;
/** Contact numbers: the longest valid one (15 digits, a plus and spaces) with room to spare. */
export const PHONE_MAX = 30;

const password = (label: string, required: string): TextRule => ({
  label,
  max: PASSWORD_FIELD_MAX,
  raw: true,
  required,
});

/** The text rule of every accounts field (src/domain/text.ts): its label, maximum and the spec's
 * message where the spec gives one for the field's format. */
export const ACCOUNT_TEXT = {
  firstName: { label: 'First name', max: NAME_MAX, required: MSG.firstNameRequired, format: MSG.firstNameFormat },
  lastName: { label: 'Last name', max: NAME_MAX, required: MSG.lastNameRequired, format: MSG.lastNameFormat },
  username: { label: 'Username', max: USERNAME_MAX, required: MSG.username, format: MSG.username },
  email: { label: 'Email', max: EMAIL_MAX, required: MSG.emailRequired, format: MSG.email },
  password: password('Password', MSG.password),
  contactNumber: { label: 'Contact number', max: PHONE_MAX, format: MSG.contactNumber },
  emergencyName: { label: 'Emergency contact name', max: NAME_MAX, required: MSG.emergencyNameRequired },
  emergencyNumber: {
    label: 'Emergency contact number',
    max: PHONE_MAX,
    required: MSG.emergencyNumberRequired,
    format: MSG.contactNumber,
  },
  dateOfBirth: { label: 'Date of birth', max: 10, format: MSG.dobInvalid },
  otherClub: { label: 'Club name', max: NAME_MAX, required: MSG.otherClubRequired, format: MSG.otherClubFormat },
  seRegNumber: { label: 'SE Registration Number', max: 7, format: MSG.seRegNumber },

  loginUsername: { label: 'Username', max: SIGN_IN_USERNAME_MAX, required: MSG.loginUsernameRequired },
  loginPassword: password('Password', MSG.loginPasswordRequired),
  resetUsername: { label: 'Username', max: SIGN_IN_USERNAME_MAX, required: MSG.resetUsernameRequired },
  resetLinkUid: {
    label: 'Reset link',
    max: 64,
    raw: true,
    required: MSG.resetLinkInvalid,
    format: MSG.resetLinkInvalid,
  },
  resetLinkToken: {
    label: 'Reset link',
    max: 256,
    raw: true,
    required: MSG.resetLinkInvalid,
    format: MSG.resetLinkInvalid,
  },
  resetNewPassword: password('New password', MSG.resetNewPasswordRequired),
  currentPassword: password('Current password', MSG.currentPasswordRequired),
  newPassword: password('New password', MSG.newPasswordRequired),
  newPasswordConfirm: password('Confirm new password', MSG.passwordsDoNotMatch),
  refreshToken: { label: 'Refresh token', max: 256, raw: true },
} as const satisfies Record<string, TextRule>;
