import '../ui/all-styles.ts';
import { Alert, Anchor, Box, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
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

/** /reset-password/{uidb64}/{token} (doc 1 §2, §4): New Password and Confirm New Password with
 * the live checklist; then the success text and a way to log in, or the server's error. */
export function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const openModal = useModalStore((s) => s.open);
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
          {done ? (
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
