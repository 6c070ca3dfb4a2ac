import '../ui/all-styles.ts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { MSG } from '../../domain/accounts/messages.ts';
import { validateResetRequest } from '../../domain/accounts/validation.ts';
import { serverMessage } from '../api/server-error.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { accountsApi } from './api.ts';
import { MODAL_CHROME } from './form-helpers.ts';

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed'; message: string } | null;

/** The reset-request modal (doc 1 §2, §4): username, 'Send Reset Link' and 'Close'; then the
 * server's success message, or its error message. */
export function ForgotPasswordModal() {
  const modal = useModalStore((s) => s.modal);
  const close = useModalStore((s) => s.close);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '' },
    validate: (values) => validateResetRequest(values),
  });

  const dismiss = () => {
    form.reset();
    setOutcome(null);
    close();
  };

  const submit = form.onSubmit(async ({ username }) => {
    setOutcome(null);
    setBusy(true);
    try {
      const { message } = await accountsApi.resetRequest(username.trim());
      setOutcome({ kind: 'sent', message: message || MSG.resetRequestSent });
    } catch (error) {
      setOutcome({ kind: 'failed', message: serverMessage(error, MSG.resetFailed) });
    } finally {
      setBusy(false);
    }
  });

  const sent = outcome?.kind === 'sent';

  return (
    <Modal
      opened={modal === 'forgotPassword'}
      onClose={dismiss}
      title="Reset Password"
      centered
      size="sm"
      {...MODAL_CHROME}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!sent && <Text size="sm">Enter your username and we will e-mail you a link to set a new password.</Text>}
          {outcome && (
            <Alert
              role={sent ? 'status' : 'alert'}
              color={sent ? 'green' : 'red'}
              icon={sent ? <IconMailCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            >
              {outcome.message}
            </Alert>
          )}
          {!sent && (
            <TextInput label="Username" autoComplete="username" data-autofocus {...form.getInputProps('username')} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss}>
              Close
            </Button>
            {!sent && (
              <Button type="submit" loading={busy}>
                Send Reset Link
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
