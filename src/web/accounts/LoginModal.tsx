import '../ui/all-styles.ts';
import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '../../domain/accounts/messages.ts';
import { validateLogin } from '../../domain/accounts/validation.ts';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { toast } from '../ui/toast.ts';
import { CodeNeeded, logIn } from './api.ts';
import { CodeStep } from './CodeStep.tsx';
import { MODAL_CHROME, redirectTarget } from './form-helpers.ts';

/** The message the modal shows for a failed sign-in (doc 1 §8). */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return MSG.loginInvalidModal;
  if (error instanceof ApiError && error.status === 429) return serverMessage(error, MSG.loginRateLimited);
  return MSG.loginOther;
}

/** Log In (doc 1 §2 Modals): username, password, Enter submits; links to Register and to the
 * reset request. After signing in the user goes to the `redirect` query value, if any. */
export function LoginModal() {
  const modal = useModalStore((s) => s.modal);
  const open = useModalStore((s) => s.open);
  const close = useModalStore((s) => s.close);
  const navigate = useNavigate();
  // a page behind a login asked for (the navigation guard's ?redirect=): the modal says why it is open
  const location = useLocation();
  const continuing = redirectTarget(new URLSearchParams(location.search).get('redirect'), location.pathname) !== null;
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the right password of an account with an authenticator: the code step (CodeStep.tsx)
  const [challenge, setChallenge] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: (values) => validateLogin(values),
  });

  const dismiss = () => {
    form.reset();
    setFailure(null);
    setChallenge(null);
    close();
  };

  const signedIn = (user: ProfileUser) => {
    form.reset();
    setChallenge(null);
    close();
    toast.success(`Welcome back, ${user.first_name}!`);
    // the address as it is now: a navigation that React has not finished rendering (a logout
    // that just went to /?redirect=…) is already in the address bar
    const here = new URL(window.location.href);
    const target = redirectTarget(here.searchParams.get('redirect'), here.pathname);
    if (target) navigate(target);
  };

  const submit = form.onSubmit(async ({ username, password }) => {
    setFailure(null);
    setBusy(true);
    try {
      signedIn(await logIn(username, password));
    } catch (error) {
      if (error instanceof CodeNeeded) {
        form.setFieldValue('password', '');
        setChallenge(error.challenge);
        return;
      }
      setFailure(loginFailure(error));
      if (error instanceof ApiError && error.status === 401) form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  });

  const switchTo = (name: 'signup' | 'forgotPassword') => {
    form.reset();
    setFailure(null);
    open(name);
  };

  return (
    <Modal opened={modal === 'login'} onClose={dismiss} title="Log In" centered size="sm" {...MODAL_CHROME}>
      {challenge ? (
        <CodeStep
          challenge={challenge}
          submitLabel="Login"
          onSignedIn={signedIn}
          onRestart={(message) => {
            setChallenge(null);
            setFailure(message);
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {continuing && <Text size="sm">Please log in to continue.</Text>}
            {failure && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="login-error">
                {failure}
              </Alert>
            )}
            <TextInput label="Username" autoComplete="username" data-autofocus {...form.getInputProps('username')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
              aria-invalid={form.errors.password ? true : undefined}
            />
            <Anchor component="button" type="button" size="sm" ta="left" onClick={() => switchTo('forgotPassword')}>
              Forgotten your password
            </Anchor>
            <Button type="submit" loading={busy} fullWidth>
              Login
            </Button>
            <Group gap={4} justify="center">
              <Text size="sm">Don't have an account?</Text>
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo('signup')}>
                Register
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
