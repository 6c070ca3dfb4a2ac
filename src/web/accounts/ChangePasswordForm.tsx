import { Alert, Box, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { MSG } from '../../domain/accounts/messages.ts';
import { type ChangePasswordInput, validateChangePassword } from '../../domain/accounts/validation.ts';
import { ApiError } from '../api/client.ts';
import { paths } from '../app/paths.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { toast } from '../ui/toast.ts';
import { accountsApi } from './api.ts';
import { changePasswordFailure, focusFirstInvalid } from './form-helpers.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { useLogout } from './useLogout.ts';

/** How long the "changed, please log in again" toast stays. */
const CHANGED_TOAST_MS = 8000;

/** Change Password (doc 1 §2, §5): current, new and confirmation with the live checklist. After
 * a change the server ends every session, so the user is signed out and asked to log in again. */
export function ChangePasswordForm() {
  const logout = useLogout();
  const openModal = useModalStore((s) => s.open);
  const ref = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<ChangePasswordInput>({
    mode: 'controlled',
    initialValues: { old_password: '', new_password1: '', new_password2: '' },
    validate: (values) => validateChangePassword(values),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      setBusy(true);
      try {
        const { message } = await accountsApi.changePassword(values);
        form.reset();
        toast.success(`${message || MSG.passwordChanged} Please log in again with your new password.`, {
          duration: CHANGED_TOAST_MS,
          position: 'top-center',
        });
        await logout(`${paths.home}?redirect=${encodeURIComponent(paths.profile)}`);
        openModal('login');
      } catch (error) {
        const message = changePasswordFailure(error);
        setFailure(message);
        if (error instanceof ApiError) {
          const invalid = Object.fromEntries(Object.keys(error.fields).map((field) => [field, true]));
          form.setErrors(invalid);
          focusFirstInvalid(ref.current);
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
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <Title order={2} size="h3">
          Change Password
        </Title>
        <Text size="sm" c="gray.7">
          After changing your password you will be signed out everywhere and asked to log in again.
        </Text>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="change-password-error">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('old_password')}
          aria-invalid={form.errors.old_password ? true : undefined}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('new_password1')}
          aria-invalid={form.errors.new_password1 ? true : undefined}
        />
        <PasswordChecklist password={form.getValues().new_password1} />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('new_password2')}
          aria-invalid={form.errors.new_password2 ? true : undefined}
        />
        <Box>
          <Button type="submit" loading={busy}>
            Change Password
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
