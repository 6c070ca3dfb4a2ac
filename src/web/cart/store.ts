import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CART_MSG } from '../../domain/cart/index.ts';
import { useProfileStore } from '../accounts/store.ts';
import { type CartItem, cartApi } from './api.ts';
import { cartTotalLabel } from './model.ts';

/** The cart state of doc 1 §3 (items, total, error), persisted in session storage under `cart`.
 * This module loads only once someone is signed in (the cart icon, the participants modal). */
interface CartState {
  items: CartItem[];
  total: string;
  error: string | null;
  /** Reads the cart again; calls made at once share one read. */
  refresh(): Promise<void>;
  setItems(items: CartItem[]): void;
  reset(): void;
}

let reading: Promise<void> | null = null;

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      total: '£0.00',
      error: null,
      setItems: (items) => set({ items, total: cartTotalLabel(items), error: null }),
      reset: () => set({ items: [], total: '£0.00', error: null }),
      refresh: () => {
        const current =
          reading ??
          cartApi
            .list()
            .then((items) => {
              set({ items, total: cartTotalLabel(items), error: null });
            })
            .catch(() => {
              set({ error: CART_MSG.fetchFailed });
            })
            .finally(() => {
              reading = null;
            });
        reading = current;
        return current;
      },
    }),
    {
      name: 'cart',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ items: s.items, total: s.total }),
    },
  ),
);

// signing out empties the cart shown (the server keeps the user's cart for their next visit)
useProfileStore.subscribe((state, previous) => {
  if (previous.isLoggedIn && !state.isLoggedIn) useCartStore.getState().reset();
});
