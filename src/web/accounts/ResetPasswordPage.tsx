import '../ui/all-styles.ts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { MSG } from '../../domain/accounts/messages.ts';
import { validateResetPasswords } from '../../domain/accounts/validation.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { accountsApi } from './api.ts';
import { focusFirstInvalid } from './form-helpers.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';

/** A link that no longer works: the server's message for it, and the reset request modal. */
function DeadLink() {
  const openModal = useModalStore((s) => s.open);
  return (
    <>
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="reset-error">
        {MSG.resetLinkInvalid}
      </Alert>
      <Box>
        <Button onClick={() => openModal('forgotPassword')}>Request a new link</Button>
      </Box>
    </>
  );
}

/** /reset-password/{uidb64}/{token} (doc 1 §2, §4). On opening it asks the server whether the
 * link is still good: a dead one (used, expired, unknown) says so at once, with the way to ask for
 * a new one, and no form. A good one gets New Password and Confirm New Password with the live
 * checklist; then the success text and a way to log in, or the server's error. If the question
 * itself fails (no network, a busy server), the form is shown and the reset's answer tells. */
export function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const openModal = useModalStore((s) => s.open);
  const check = useQuery({
    queryKey: ['password-reset-check', uidb64, token],
    queryFn: () => accountsApi.resetCheck(uidb64, token),
    retry: false,
    gcTime: 0,
  });
  const ref = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { new_password: '', confirm_password: '' },
    validate: (values) => validateResetPasswords(values),
  });

  const submit = form.onSubmit(
    async ({ new_password }) => {
      setFailure(null);
      setBusy(true);
      try {
        await accountsApi.resetConfirm({ uidb64, token, new_password });
        setDone(true);
      } catch (error) {
        if (error instanceof ApiError && error.fields.new_password?.[0]) {
          form.setFieldError('new_password', error.fields.new_password[0]);
          focusFirstInvalid(ref.current);
        } else {
          setFailure(serverMessage(error, MSG.resetFailed));
        }
      } finally {
        setBusy(false);
      }
    },
    () => {
      setFailure(null);
      focusFirstInvalid(ref.current);
    },
  );

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Reset Password
          </Title>
          {check.isPending ? (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text c="dimmed">Checking your reset link…</Text>
            </Group>
          ) : check.error instanceof ApiError && check.error.status === 400 ? (
            <DeadLink />
          ) : done ? (
            <>
              <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
                {MSG.resetSuccess}
              </Alert>
              <Box>
                <Button onClick={() => openModal('login')}>Log In</Button>
              </Box>
            </>
          ) : (
            <form ref={ref} onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Text size="sm">Choose a new password for your account.</Text>
                {failure && (
                  <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="reset-error">
                    {failure}
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      display="block"
                      mt={6}
                      onClick={() => openModal('forgotPassword')}
                    >
                      Request a new link
                    </Anchor>
                  </Alert>
                )}
                <PasswordInput
                  label="New Password"
                  autoComplete="new-password"
                  withAsterisk
                  data-autofocus
                  {...form.getInputProps('new_password')}
                  aria-invalid={form.errors.new_password ? true : undefined}
                />
                <PasswordChecklist password={form.getValues().new_password} />
                <PasswordInput
                  label="Confirm New Password"
                  autoComplete="new-password"
                  withAsterisk
                  {...form.getInputProps('confirm_password')}
                  aria-invalid={form.errors.confirm_password ? true : undefined}
                />
                <Button type="submit" loading={busy} fullWidth>
                  Reset Password
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
