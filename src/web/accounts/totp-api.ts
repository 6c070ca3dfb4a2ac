import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TotpStatus } from '../../domain/accounts/totp.ts';
import { api, request } from '../api/client.ts';

/** My Profile → Security: the administrator's authenticator (issue 27, docs/decisions/0047). */
const PATH = '/profile/totp/';

export const totpApi = {
  status: () => api.get<TotpStatus>(PATH, { auth: true }),
  setup: (password: string) =>
    api.post<{ secret: string; otpauth_url: string }>(`${PATH}setup/`, { password }, { auth: true }),
  confirm: (code: string) => api.post<{ recovery_codes: string[] }>(`${PATH}confirm/`, { code }, { auth: true }),
  turnOff: (password: string) =>
    request<{ message: string }>(PATH, { method: 'DELETE', body: { password }, auth: true }),
  newRecoveryCodes: (password: string) =>
    api.post<{ recovery_codes: string[] }>(`${PATH}recovery-codes/`, { password }, { auth: true }),
};

/** Not kept once the Security section closes: a sign-in elsewhere (a recovery code used) changes
 * it, and an old count would mislead. */
export const totpStatusQuery = (username: string) =>
  queryOptions({ queryKey: ['totp-status', username], queryFn: totpApi.status, gcTime: 0 });

export function useTotpStatus(username: string, enabled = true) {
  return useQuery({ ...totpStatusQuery(username), enabled });
}

/** Every change reloads the status. */
export function useTotpChanges(username: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: totpStatusQuery(username).queryKey });
  return {
    setup: useMutation({ mutationFn: totpApi.setup }),
    confirm: useMutation({ mutationFn: totpApi.confirm, onSuccess: reload }),
    turnOff: useMutation({ mutationFn: totpApi.turnOff, onSuccess: reload }),
    newCodes: useMutation({ mutationFn: totpApi.newRecoveryCodes, onSuccess: reload }),
  };
}
