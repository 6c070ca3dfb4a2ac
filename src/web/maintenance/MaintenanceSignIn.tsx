import { Alert, Button, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { MSG } from '../../domain/accounts/messages.ts';
import { CodeNeeded, logIn, logOut } from '../accounts/api.ts';
import { CodeStep } from '../accounts/CodeStep.tsx';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { MAINTENANCE_MSG } from './messages.ts';
import { useMaintenanceStore } from './store.ts';

/** The maintenance gate's refusal of the profile call (anyone but a super administrator). */
const isGate = (e: unknown) => e instanceof ApiError && e.code === 'MAINTENANCE';

/** The administrator sign-in of the maintenance page (doc 1 §2, §4, §8). Only a super
 * administrator stays signed in; anyone else is logged out again with the spec's message. An
 * account with an authenticator gives its code after the password (docs/decisions/0047). */
export function MaintenanceSignIn({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the right password of an account with an authenticator: the code step (CodeStep.tsx)
  const [challenge, setChallenge] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setChallenge(null);
    setError(null);
    setFieldErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      username: username.trim() ? undefined : MSG.loginUsernameRequired,
      password: password ? undefined : MSG.loginPasswordRequired,
    };
    setFieldErrors(missing);
    if (missing.username || missing.password) return;
    setBusy(true);
    setError(null);
    try {
      let refusedByGate = false;
      try {
        await logIn(username, password);
      } catch (e) {
        if (e instanceof CodeNeeded) {
          setPassword('');
          setChallenge(e.challenge);
          return;
        }
        // the profile call is closed to everyone but super administrators during maintenance
        if (isGate(e)) refusedByGate = true;
        else {
          setError(serverMessage(e, MAINTENANCE_MSG.signInFailed));
          return;
        }
      }
      await afterSignIn(refusedByGate);
    } catch {
      setError(MAINTENANCE_MSG.signInFailed);
    } finally {
      setBusy(false);
    }
  };

  /** Signed in: only a super administrator stays. */
  const afterSignIn = async (refusedByGate: boolean) => {
    const status = await useMaintenanceStore.getState().refresh();
    if (!refusedByGate && status.isSuperAdmin) {
      setUsername('');
      close();
      return;
    }
    await logOut();
    await useMaintenanceStore.getState().refresh();
    setPassword('');
    setChallenge(null);
    setError(MAINTENANCE_MSG.onlySuperAccess);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Administrator Sign In"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {challenge ? (
        <CodeStep
          challenge={challenge}
          submitLabel="Sign In"
          onSignedIn={() => afterSignIn(false)}
          onFailure={async (e) => {
            if (!isGate(e)) return false;
            await afterSignIn(true);
            return true;
          }}
          onRestart={(message) => {
            setChallenge(null);
            setError(message);
          }}
        />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={fieldErrors.username}
              data-autofocus
              required
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
              required
            />
            <Button type="submit" disabled={busy} mt="xs">
              {busy ? 'Signing In...' : 'Sign In'}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
