/** The maintenance messages of doc 1 §2, §8 and doc 2 §2, §4, §8, word for word. */
export const MAINTENANCE_MSG = {
  title: 'Site Under Maintenance',
  signInFailed: 'Login failed. Please try again.',
  onlySuperAccess: 'Only Super Administrators can access the site during maintenance.',
  onlySuperBypass: 'Only Super Administrators can bypass maintenance mode.',
  signedInAsSuper: 'You are signed in as a Super Administrator.',
  enabled: 'Maintenance mode enabled successfully',
  disabled: 'Maintenance mode disabled successfully',
  toggleFailed: 'Failed to toggle maintenance mode',
} as const;

/** How long the bypass refusal shows (doc 1 §9) and the panel's result message (doc 2 §9). */
export const BYPASS_ERROR_MS = 3000;
export const TOGGLE_RESULT_MS = 5000;
