import type {
  AdminWaitingList,
  JoinWaitingList,
  WaitingEntry,
  WaitingSettings,
} from '../../domain/waiting-list/shapes.ts';
import { api } from '../api/client.ts';

/** The family waiting list's calls (issue 27; docs/decisions/0053), each with the bearer token. */

/** The user's own entries; the offer page's entry sits under it, so one answer refreshes both. */
export const MY_WAITING_KEY = ['waiting-list'] as const;
export const raceWaitingKey = (eventId: number) => ['admin', 'waiting-list', eventId] as const;
export const WAITING_SETTINGS_KEY = ['admin', 'waiting-list-settings'] as const;

type Message = { message: string };

export const waitingApi = {
  join: (eventId: number, body: JoinWaitingList) =>
    api.post<Message & { entry: WaitingEntry }>(`/products/${eventId}/waiting-list/`, body, { auth: true }),
  mine: () => api.get<WaitingEntry[]>('/waiting-list/', { auth: true }),
  one: (id: number) => api.get<WaitingEntry>(`/waiting-list/${id}/`, { auth: true }),
  /** The cart lines whose places an accepted offer holds, and until when. */
  holds: () => api.get<{ cart_item: number; ends_at: string }[]>('/waiting-list/holds/', { auth: true }),
  accept: (id: number) =>
    api.post<Message & { checkout: boolean }>(`/waiting-list/${id}/accept/`, undefined, { auth: true }),
  decline: (id: number) => api.post<Message>(`/waiting-list/${id}/decline/`, undefined, { auth: true }),
  leave: (id: number) => api.post<Message>(`/waiting-list/${id}/leave/`, undefined, { auth: true }),
  raceList: (eventId: number) => api.get<AdminWaitingList>(`/products/${eventId}/waiting-list/`, { auth: true }),
  remove: (id: number) => api.delete<Message>(`/waiting-list/${id}/`, { auth: true }),
  settings: () => api.get<WaitingSettings>('/admin/waiting-list-settings/', { auth: true }),
  saveSettings: (body: WaitingSettings) =>
    api.put<WaitingSettings & Message>('/admin/waiting-list-settings/', body, { auth: true }),
};
