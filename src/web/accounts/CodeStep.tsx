import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { MSG } from '../../domain/accounts/messages.ts';
import { codeProblem, TOTP_MSG } from '../../domain/accounts/totp.ts';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { logInWithCode } from './api.ts';

/**
 * The sign-in's second step (docs/decisions/0047), in the login modal and the maintenance page's
 * sign-in: the authenticator's six-digit code (a one-time-code field a phone can fill from the
 * app), or one of the recovery codes. Enter submits; the server's message shows here. An expired
 * or used sign-in goes back to the password step (`onRestart`, with the message to show there).
 */
export function CodeStep({
  challenge,
  submitLabel,
  onSignedIn,
  onFailure,
  onRestart,
}: {
  challenge: string;
  submitLabel: string;
  /** The session started: the profile is loaded. */
  onSignedIn: (user: ProfileUser) => void | Promise<void>;
  /** A failure that is not the code's (e.g. the maintenance gate): the caller decides. Return
   * true when handled. */
  onFailure?: (error: unknown) => boolean | Promise<boolean>;
  onRestart: (message: string) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      const user = await logInWithCode(challenge, code);
      await onSignedIn(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && error.message === TOTP_MSG.challengeInvalid) {
        onRestart(error.message);
        return;
      }
      if (onFailure && (await onFailure(error))) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
        setFailure(serverMessage(error, TOTP_MSG.codeInvalid));
      } else setFailure(serverMessage(error, MSG.loginOther));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setCode('');
    setFieldError(null);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="code-error">
            {failure}
          </Alert>
        )}
        <Text size="sm">
          {recovery
            ? 'Enter one of the recovery codes you saved when you added your authenticator. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
        </Text>
        {recovery ? (
          <TextInput
            key="recovery"
            label="Recovery code"
            placeholder="xxxx-xxxx-xxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={fieldError}
            data-autofocus
            autoFocus
          />
        ) : (
          <TextInput
            key="app"
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={fieldError}
            data-autofocus
            autoFocus
          />
        )}
        <Anchor component="button" type="button" size="sm" ta="left" onClick={switchKind}>
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Anchor>
        <Button type="submit" loading={busy} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
