import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Refunds through the site (issue 27): the association's switch, read by Orders & Payments,
 * Bookings → Cancellations and Booked Participants' Remove. */
export const REFUND_SETTINGS_KEY = ['admin', 'refund-settings'] as const;

export function useRefundSettings(enabled = true) {
  return useQuery({
    queryKey: REFUND_SETTINGS_KEY,
    queryFn: () => api.get<{ enabled: boolean }>('/admin/refund-settings/', { auth: true }),
    enabled,
  });
}
