import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { invalidateProducts } from '../../events/admin/api.ts';
import { raceWaitingKey } from '../../waiting-list/api.ts';

/** A booked participant (doc 2 §3): `id` is the booking's id. */
export interface BookedParticipant {
  id: number;
  participant_first_name: string;
  participant_last_name: string;
  participant_profile: {
    racer_id: number | null;
    gender: 'MALE' | 'FEMALE' | null;
    date_of_birth: string | null;
    local_club: string;
    se_reg_number: string;
  };
  created_at: string;
  /** What a card or wallet payment paid for the entry (pounds), or null (issue 27). */
  paid: string | null;
}

/** An account Add Participant may book (doc 2 §3 "Eligible user"). */
export interface EligibleUser {
  id: number;
  first_name: string;
  last_name: string;
  profile: { date_of_birth: string | null; gender: 'MALE' | 'FEMALE' | null; local_club: string };
}

/** A message sent to an event's entrants (issue 26). */
export interface EntrantMessage {
  id: number;
  subject: string;
  body: string;
  recipients: number;
  sent_by: string;
  created_at: string;
}

/** The e-mail a message would be, and how many people it goes to. */
export interface EntrantPreview {
  subject: string;
  html: string;
  recipients: number;
}

type EntrantMessageBody = { subject: string; message: string };

/** The Booked Participants calls (doc 2 §7), each with the bearer token. */
export const bookedApi = {
  participants: (eventId: number, signal?: AbortSignal) =>
    api.get<BookedParticipant[]>(`/products/booked-participants/${eventId}/`, { auth: true, signal }),
  eligible: (eventId: number, signal?: AbortSignal) =>
    api.get<EligibleUser[]>(`/products/${eventId}/eligible-users/`, { auth: true, signal }),
  add: (eventId: number, userId: number) =>
    api.post<BookedParticipant>(`/products/${eventId}/add-participant/`, { user_id: userId }, { auth: true }),
  remove: (bookingId: number) => api.delete<{ message: string }>(`/bookings/${bookingId}/`, { auth: true }),
  /** Remove and refund what was paid for the entry (issue 27: refunds through the site on). */
  removeWithRefund: (bookingId: number) =>
    api.post<{ message: string; refund: string }>(`/bookings/${bookingId}/remove-with-refund/`, undefined, {
      auth: true,
    }),
  messages: (eventId: number, signal?: AbortSignal) =>
    api.get<{ recipients: number; messages: EntrantMessage[] }>(`/products/booked-participants/${eventId}/messages/`, {
      auth: true,
      signal,
    }),
  previewMessage: (eventId: number, body: EntrantMessageBody) =>
    api.post<EntrantPreview>(`/products/booked-participants/${eventId}/messages/preview/`, body, { auth: true }),
  sendMessage: (eventId: number, body: EntrantMessageBody) =>
    api.post<EntrantMessage>(`/products/booked-participants/${eventId}/messages/`, body, { auth: true }),
};

export const BOOKED_KEYS = {
  participants: (eventId: number) => ['admin', 'booked', eventId] as const,
  eligible: (eventId: number) => ['admin', 'eligible', eventId] as const,
  messages: (eventId: number) => ['admin', 'entrant-messages', eventId] as const,
};

export function useEntrantMessages(eventId: number) {
  return useQuery({
    queryKey: BOOKED_KEYS.messages(eventId),
    queryFn: ({ signal }) => bookedApi.messages(eventId, signal),
  });
}

export function usePreviewEntrantMessage(eventId: number) {
  return useMutation({ mutationFn: (body: EntrantMessageBody) => bookedApi.previewMessage(eventId, body) });
}

export function useSendEntrantMessage(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EntrantMessageBody) => bookedApi.sendMessage(eventId, body),
    onSettled: () => client.invalidateQueries({ queryKey: BOOKED_KEYS.messages(eventId) }),
  });
}

export function useParticipants(eventId: number) {
  return useQuery({
    queryKey: BOOKED_KEYS.participants(eventId),
    queryFn: ({ signal }) => bookedApi.participants(eventId, signal),
  });
}

export function useEligible(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: BOOKED_KEYS.eligible(eventId),
    queryFn: ({ signal }) => bookedApi.eligible(eventId, signal),
    enabled,
  });
}

/** After adding or removing: the participants, the eligible users and every event read (the
 * booked and remaining counts) are read again. */
function useRefresh(eventId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: BOOKED_KEYS.participants(eventId) }),
      client.invalidateQueries({ queryKey: BOOKED_KEYS.eligible(eventId) }),
      client.invalidateQueries({ queryKey: BOOKED_KEYS.messages(eventId) }),
      // a removal frees a place: the race's waiting list may now hold an offer
      client.invalidateQueries({ queryKey: raceWaitingKey(eventId) }),
      invalidateProducts(client),
    ]);
}

export function useAddParticipant(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({ mutationFn: (userId: number) => bookedApi.add(eventId, userId), onSettled: refresh });
}

export function useRemoveParticipant(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ bookingId, refund }: { bookingId: number; refund: boolean }) =>
      refund ? bookedApi.removeWithRefund(bookingId) : bookedApi.remove(bookingId),
    onSettled: refresh,
  });
}
