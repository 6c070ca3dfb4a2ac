import { lazy, Suspense, useEffect, useState } from 'react';
import { useModalStore } from '../ui/modal-store.ts';

// The account forms (and their validation) load the first time a modal opens, so that public
// pages do not carry them in the initial script.
const LoginModal = lazy(async () => ({ default: (await import('../accounts/LoginModal.tsx')).LoginModal }));
const RegisterModal = lazy(async () => ({ default: (await import('../accounts/RegisterModal.tsx')).RegisterModal }));
const ForgotPasswordModal = lazy(async () => ({
  default: (await import('../accounts/ForgotPasswordModal.tsx')).ForgotPasswordModal,
}));

/** The site's modals (doc 1 §2): each reads the modal store itself, so one is open at a time.
 * They stay mounted once loaded, so their open and close transitions run as usual. */
export function ModalHost() {
  const modal = useModalStore((s) => s.modal);
  const [wanted, setWanted] = useState(modal !== 'none');

  useEffect(() => {
    if (modal !== 'none') setWanted(true);
  }, [modal]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
      <RegisterModal />
      <ForgotPasswordModal />
    </Suspense>
  );
}
