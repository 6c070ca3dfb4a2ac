import { create } from 'zustand';
import { activeElement } from './focus.ts';

/** One modal at a time (doc 1 §2): none, login, signup, contact, forgotPassword, and the
 * participants modal of an event card. */
export type ModalName = 'none' | 'login' | 'signup' | 'contact' | 'forgotPassword' | 'participants';

interface ModalState {
  modal: ModalName;
  /** What had focus when the first modal opened (switching modals keeps it): focus goes back to it
   * when the last one closes (ModalHost). */
  opener: HTMLElement | null;
  /** The event the participants modal is for. */
  event: { id: number; name: string } | null;
  open(modal: Exclude<ModalName, 'none' | 'participants'>): void;
  openParticipants(event: { id: number; name: string }): void;
  close(): void;
}

export const useModalStore = create<ModalState>()((set) => ({
  modal: 'none',
  opener: null,
  event: null,
  open: (modal) => set((s) => ({ modal, opener: s.modal === 'none' ? activeElement() : s.opener })),
  openParticipants: (event) =>
    set((s) => ({ modal: 'participants', event, opener: s.modal === 'none' ? activeElement() : s.opener })),
  close: () => set({ modal: 'none' }),
}));
