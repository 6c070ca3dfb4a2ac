import { api } from '../api/client.ts';

/** A cart line (doc 1 §3 "Cart item"). */
export interface CartItem {
  id: number;
  product: number;
  participant: string;
  participant_name: string;
  product_name: string;
  product_price: string | number;
  product_image: string | null;
  product_slope_name: string;
  product_event_date: string;
  quantity: number;
  /** What happened to the line (issue 36): its race is full, in the server's words; null or
   * absent while a place may still be had. */
  note?: string | null;
}

/** A participant of the booking check (doc 1 §3 "Booking participant"). */
export interface BookingParticipant {
  /** For display: the participant's full name. */
  name: string;
  /** The participant in every cart and booking call. */
  username: string;
  firstName: string;
  lastName: string;
  status: 'Booked' | 'In Cart' | 'Awaiting Racer Approval' | 'Racer Not Approved' | 'Non Race Account' | 'Available';
  isRacer: boolean;
}

export interface BulkAddResult {
  added_items: CartItem[];
  /** participant_name: the name the messages say (issue 26) */
  already_in_cart: { product: number; participant: string; participant_name: string }[];
  errors: { product: number; participant: string; error: string }[];
}

/** The cart calls (doc 1 §7), each with the bearer token. */
export const cartApi = {
  list: () => api.get<CartItem[]>('/cart/', { auth: true }),
  checkBookings: (productId: number) => api.get<BookingParticipant[]>(`/check-bookings/${productId}/`, { auth: true }),
  bulkAdd: (items: { product: number; participant: string }[]) =>
    api.post<BulkAddResult>('/cart/bulk-add/', { items }, { auth: true }),
  remove: (id: number) => api.delete<null>(`/cart/${id}/`, { auth: true }),
  clear: () => api.post<{ removed: number }>('/cart/clear/', undefined, { auth: true }),
  book: (lines: { product: number; participant: string }[]) =>
    api.post<{
      booked: { id: number; product: number; participant: string; product_name: string }[];
      errors: { product: number; participant: string; error: string }[];
    }>('/bookings/', { bookings: lines }, { auth: true }),
};
