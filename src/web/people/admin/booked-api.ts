import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { invalidateProducts } from '../../events/admin/api.ts';

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
}

/** An account Add Participant may book (doc 2 §3 "Eligible user"). */
export interface EligibleUser {
  id: number;
  first_name: string;
  last_name: string;
  profile: { date_of_birth: string | null; gender: 'MALE' | 'FEMALE' | null; local_club: string };
}

/** The Booked Participants calls (doc 2 §7), each with the bearer token. */
export const bookedApi = {
  participants: (eventId: number, signal?: AbortSignal) =>
    api.get<BookedParticipant[]>(`/products/booked-participants/${eventId}/`, { auth: true, signal }),
  eligible: (eventId: number, signal?: AbortSignal) =>
    api.get<EligibleUser[]>(`/products/${eventId}/eligible-users/`, { auth: true, signal }),
  add: (eventId: number, userId: number) =>
    api.post<BookedParticipant>(`/products/${eventId}/add-participant/`, { user_id: userId }, { auth: true }),
  remove: (bookingId: number) => api.delete<{ message: string }>(`/bookings/${bookingId}/`, { auth: true }),
};

export const BOOKED_KEYS = {
  participants: (eventId: number) => ['admin', 'booked', eventId] as const,
  eligible: (eventId: number) => ['admin', 'eligible', eventId] as const,
};

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
      invalidateProducts(client),
    ]);
}

export function useAddParticipant(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({ mutationFn: (userId: number) => bookedApi.add(eventId, userId), onSettled: refresh });
}

export function useRemoveParticipant(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({ mutationFn: (bookingId: number) => bookedApi.remove(bookingId), onSettled: refresh });
}
