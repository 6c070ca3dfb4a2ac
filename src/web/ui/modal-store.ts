import { create } from 'zustand';

/** One modal at a time (doc 1 §2): none, login, signup, contact, forgotPassword. */
export type ModalName = 'none' | 'login' | 'signup' | 'contact' | 'forgotPassword';

interface ModalState {
  modal: ModalName;
  open(modal: Exclude<ModalName, 'none'>): void;
  close(): void;
}

export const useModalStore = create<ModalState>()((set) => ({
  modal: 'none',
  open: (modal) => set({ modal }),
  close: () => set({ modal: 'none' }),
}));
