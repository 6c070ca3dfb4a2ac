import type { TotpChallengeAnswer } from '../../domain/accounts/totp.ts';
import type { RegistrationPayload } from '../../domain/accounts/validation.ts';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { api, refreshAccessToken } from '../api/client.ts';
import { useProfileStore } from './store.ts';

/** The accounts calls of doc 1 §7. */
export const accountsApi = {
  login: (username: string, password: string) =>
    api.post<{ access: string } | TotpChallengeAnswer>('/login/', { username, password }, { auth: false }),
  loginWithCode: (challenge: string, code: string) =>
    api.post<{ access: string }>('/login/totp/', { challenge, code }, { auth: false }),
  logout: () => api.post<{ message: string }>('/logout/', {}, { auth: false }),
  register: (payload: RegistrationPayload) => api.post<ProfileUser>('/register/', payload, { auth: false }),
  profile: () => api.get<ProfileUser>('/profile/', { auth: true }),
  updateProfile: (payload: Record<string, unknown>) => api.put<ProfileUser>('/profile/', payload, { auth: true }),
  changePassword: (payload: { old_password: string; new_password1: string; new_password2: string }) =>
    api.post<{ success: boolean; message: string }>('/change-password/', payload, { auth: true }),
  resetRequest: (username: string) =>
    api.post<{ message: string }>('/password-reset-request/', { username }, { auth: false }),
  /** Whether a reset link is still good (read only: the link stays usable); a dead one answers 400. */
  resetCheck: (uidb64: string, token: string) =>
    api.get<{ valid: true }>(`/password-reset-check/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`, {
      auth: false,
    }),
  resetConfirm: (payload: { uidb64: string; token: string; new_password: string }) =>
    api.post<{ message: string }>('/password-reset-confirm/', payload, { auth: false }),
};

/** Logged out → logged in: store the access token, then fetch the profile (doc 1 §4). The cart
 * is fetched by its own area when it arrives. Throws the ApiError of the login call. */
export async function logIn(username: string, password: string): Promise<ProfileUser> {
  const answer = await accountsApi.login(username.trim(), password);
  if ('totp_required' in answer) throw new CodeNeeded(answer.challenge);
  return startSignedIn(answer.access);
}

/**
 * The right password of an account with an authenticator (docs/decisions/0047): the sign-in's
 * second step sends this challenge with the code (logInWithCode).
 */
export class CodeNeeded extends Error {
  readonly challenge: string;
  constructor(challenge: string) {
    super('An authenticator code is needed');
    this.name = 'CodeNeeded';
    this.challenge = challenge;
  }
}

/** The sign-in's second step: the challenge and a code from the app (or a recovery code). */
export async function logInWithCode(challenge: string, code: string): Promise<ProfileUser> {
  const { access } = await accountsApi.loginWithCode(challenge, code.trim());
  return startSignedIn(access);
}

async function startSignedIn(access: string): Promise<ProfileUser> {
  const store = useProfileStore.getState();
  store.setAccess(access);
  try {
    const user = await accountsApi.profile();
    store.setUser(user);
    return user;
  } catch (error) {
    store.clear();
    throw error;
  }
}

/** Logout clears the profile and both tokens: the server revokes the refresh cookie. */
export async function logOut(): Promise<void> {
  try {
    await accountsApi.logout();
  } catch {
    // the local state is cleared whatever the server said
  }
  useProfileStore.getState().clear();
}

/** The cookie the server sets beside the refresh cookie (src/server/accounts/sessions.ts). */
const SESSION_HINT = 'signed_in=1';

/** True when the browser holds the server's "a session may exist" hint. */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(/;\s*/).includes(SESSION_HINT);
}

let restoring: Promise<void> | null = null;

/**
 * On start, a tab without an access token (a new tab, a reload after the tab was closed) whose
 * browser still holds a sign-in session tries one silent refresh and loads the profile, so a
 * signed-in parent does not appear logged out. Only when the hint cookie says a session may exist:
 * an anonymous visitor's first page makes no refresh call. Runs once per page load.
 */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    const store = useProfileStore.getState();
    if (store.access || !hasSessionHint()) return;
    if (!(await refreshAccessToken())) return;
    try {
      useProfileStore.getState().setUser(await accountsApi.profile());
    } catch {
      useProfileStore.getState().clear();
    }
  })();
  return restoring;
}
