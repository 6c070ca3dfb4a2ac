import { create } from 'zustand';
import { activeElement } from './focus.ts';

/** One modal at a time (doc 1 §2): none, login, signup, contact, forgotPassword. */
export type ModalName = 'none' | 'login' | 'signup' | 'contact' | 'forgotPassword';

interface ModalState {
  modal: ModalName;
  /** What had focus when the first modal opened (switching modals keeps it): focus goes back to it
   * when the last one closes (ModalHost). */
  opener: HTMLElement | null;
  open(modal: Exclude<ModalName, 'none'>): void;
  close(): void;
}

export const useModalStore = create<ModalState>()((set) => ({
  modal: 'none',
  opener: null,
  open: (modal) => set((s) => ({ modal, opener: s.modal === 'none' ? activeElement() : s.opener })),
  close: () => set({ modal: 'none' }),
}));
