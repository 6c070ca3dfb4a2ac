/** Every accounts message of doc 1 §5 and §8, word for word. */
export const MSG = {
  firstNameRequired: 'First name is required',
  firstNameFormat: 'First name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
  lastNameRequired: 'Last name is required',
  lastNameFormat: 'Last name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
  username: 'Username must start with a letter, contain only letters and numbers, and be 8-20 characters long',
  usernameTaken: 'A user with that username already exists.',
  email: 'Please enter a valid email address (max 254 characters)',
  emailRequired: 'Email is required',
  password:
    'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character',
  passwordContent: 'Password should not contain your username, email, first name, or last name',
  passwordsDoNotMatch: 'Passwords do not match',
  contactNumber: 'Please enter a valid contact number in the format 01234 123456 or +44 1234 123456',
  dobRequired: 'Date of birth is required for racers',
  dobIncomplete: 'Full date of birth is required',
  dobInvalid: 'Please enter a valid date of birth',
  dobTooYoung: 'User must be at least 4 years old',
  genderRequired: 'Gender is required for racers',
  skiOrBoardRequired: 'Ski or Snowboard selection is required for racers',
  localClubRequired: 'Local club is required for racers',
  otherClubRequired: 'Please specify your club',
  otherClubFormat: 'Club name must be 3-50 characters long and contain only letters and spaces',
  emergencyNameBoth: 'Please provide both first and last name for emergency contact',
  emergencyNameRequired: 'Emergency contact name is required',
  emergencyNumberRequired: 'Emergency contact number is required',
  acceptTerms: (provider: string) => `You must accept the ${provider} policies to register`,
  seRegNumber: 'SE Registration Number must be a number between 1 and 7 digits',
  readOnly: 'This field cannot be changed',

  loginUsernameRequired: '*Please enter your username',
  loginPasswordRequired: '*Please enter your password',
  /** Server answer to a wrong username or password (status 401). */
  loginInvalid: 'Invalid username or password, please try again.',
  /** What the login modal shows for a 401. */
  loginInvalidModal: 'Invalid username or password. Please try again.',
  loginOther: 'An error occurred during login, please contact support if the problem persists.',
  loginRateLimited: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  accountInactive: 'This account has been archived. Please contact the association.',

  resetUsernameRequired: 'Please enter your username',
  resetRequestSent:
    'If an account with that username exists, a password reset link has been sent to its e-mail address.',
  resetNewPasswordRequired: 'Please enter a new password',
  resetConfirmRequired: 'Please confirm your new password',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetSuccess: 'Your password has been successfully reset. You can now log in with your new password.',
  resetFailed: 'An error occurred. Please try again.',

  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordWrong: 'Your current password was entered incorrectly.',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed successfully.',
  changePasswordFailed: 'Failed to change password',

  profileFix: 'Please correct the errors in the form',
  profileUpdated: 'Profile updated successfully',
  profileLoadFailed: 'Failed to load profile data',
  profileUpdateFailed: 'Failed to update profile',

  registerUnexpected: 'An unexpected error occurred. Please try again.',
  registerAutoLoginFailed: 'Registration successful, but automatic login failed. Please log in manually.',

  sessionExpired: 'Your session has expired. Please log in again.',
} as const;
