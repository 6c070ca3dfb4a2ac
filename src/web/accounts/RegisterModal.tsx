import '../ui/all-styles.ts';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NARROW_QUERY } from '../app/paths.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { MODAL_CHROME } from './form-helpers.ts';
import { RegisterForm } from './register/RegisterForm.tsx';

/** Register (doc 1 §2 Modals): the registration form in a modal, full-screen on narrow screens.
 * Closing it discards what was typed. */
export function RegisterModal() {
  const modal = useModalStore((s) => s.modal);
  const close = useModalStore((s) => s.close);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  return (
    <Modal
      opened={modal === 'signup'}
      onClose={close}
      title="Register"
      size="lg"
      fullScreen={narrow}
      centered={!narrow}
      {...MODAL_CHROME}
    >
      <RegisterForm />
    </Modal>
  );
}
