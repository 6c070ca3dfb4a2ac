import type { RegistrationPayload } from '../../domain/accounts/validation.ts';
import { api } from '../api/client.ts';
import { useProfileStore } from './store.ts';
import type { ProfileUser } from './types.ts';

/** The accounts calls of doc 1 §7. */
export const accountsApi = {
  login: (username: string, password: string) => api.post<{ access: string }>('/login/', { username, password }),
  logout: () => api.post<{ message: string }>('/logout/'),
  register: (payload: RegistrationPayload) => api.post<ProfileUser>('/register/', payload),
  profile: () => api.get<ProfileUser>('/profile/', { auth: true }),
  updateProfile: (payload: Record<string, unknown>) => api.put<ProfileUser>('/profile/', payload, { auth: true }),
  changePassword: (payload: { old_password: string; new_password1: string; new_password2: string }) =>
    api.post<{ success: boolean; message: string }>('/change-password/', payload, { auth: true }),
  resetRequest: (username: string) => api.post<{ message: string }>('/password-reset-request/', { username }),
  resetConfirm: (payload: { uidb64: string; token: string; new_password: string }) =>
    api.post<{ message: string }>('/password-reset-confirm/', payload),
};

/** Logged out → logged in: store the access token, then fetch the profile (doc 1 §4). The cart
 * is fetched by its own area when it arrives. Throws the ApiError of the login call. */
export async function logIn(username: string, password: string): Promise<ProfileUser> {
  const { access } = await accountsApi.login(username.trim(), password);
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
