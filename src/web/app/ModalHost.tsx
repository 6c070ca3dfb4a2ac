import { lazy, Suspense, useEffect, useState } from 'react';
import { returnFocus } from '../ui/focus.ts';
import { useModalStore } from '../ui/modal-store.ts';

// The account forms (and their validation) load the first time a modal opens, so that public
// pages do not carry them in the initial script.
const LoginModal = lazy(async () => ({ default: (await import('../accounts/LoginModal.tsx')).LoginModal }));
const RegisterModal = lazy(async () => ({ default: (await import('../accounts/RegisterModal.tsx')).RegisterModal }));
const ParticipantsModal = lazy(async () => ({
  default: (await import('../cart/ParticipantsModal.tsx')).ParticipantsModal,
}));
const JoinWaitingListModal = lazy(async () => ({
  default: (await import('../waiting-list/JoinModal.tsx')).JoinWaitingListModal,
}));
const ForgotPasswordModal = lazy(async () => ({
  default: (await import('../accounts/ForgotPasswordModal.tsx')).ForgotPasswordModal,
}));

/** The site's modals (doc 1 §2): each reads the modal store itself, so one is open at a time.
 * They stay mounted once loaded, so their open and close transitions run as usual. When the last
 * one closes, focus goes back to what opened the first (the modals' own return is off: it misses
 * the first opening, while the code loads, and a switch from one modal to another). */
export function ModalHost() {
  const modal = useModalStore((s) => s.modal);
  const [wanted, setWanted] = useState(modal !== 'none');

  useEffect(() => {
    if (modal !== 'none') setWanted(true);
  }, [modal]);

  useEffect(
    () =>
      useModalStore.subscribe((state, previous) => {
        if (state.modal === 'none' && previous.modal !== 'none') returnFocus(previous.opener);
      }),
    [],
  );

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
      <RegisterModal />
      <ForgotPasswordModal />
      <ParticipantsModal />
      <JoinWaitingListModal />
    </Suspense>
  );
}
