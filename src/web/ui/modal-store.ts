import { create } from 'zustand';
import { activeElement } from './focus.ts';

/** One modal at a time (doc 1 §2): none, login, signup, contact, forgotPassword, and the
 * participants and waiting-list modals of an event card (issue 27). */
export type ModalName = 'none' | 'login' | 'signup' | 'contact' | 'forgotPassword' | 'participants' | 'waitingList';
type EventModal = 'participants' | 'waitingList';

interface ModalState {
  modal: ModalName;
  /** What had focus when the first modal opened (switching modals keeps it): focus goes back to it
   * when the last one closes (ModalHost). */
  opener: HTMLElement | null;
  /** The event the participants or waiting-list modal is for. */
  event: { id: number; name: string } | null;
  open(modal: Exclude<ModalName, 'none' | EventModal>): void;
  openParticipants(event: { id: number; name: string }): void;
  openWaitingList(event: { id: number; name: string }): void;
  close(): void;
}

export const useModalStore = create<ModalState>()((set) => {
  const openFor = (modal: EventModal, event: { id: number; name: string }) =>
    set((s) => ({ modal, event, opener: s.modal === 'none' ? activeElement() : s.opener }));
  return {
    modal: 'none',
    opener: null,
    event: null,
    open: (modal) => set((s) => ({ modal, opener: s.modal === 'none' ? activeElement() : s.opener })),
    openParticipants: (event) => openFor('participants', event),
    openWaitingList: (event) => openFor('waitingList', event),
    close: () => set({ modal: 'none' }),
  };
});
