import { Alert, Button, Code, CopyButton, Group, List, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { TOTP_MSG } from '../../domain/accounts/totp.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';

/** Recovery codes just made, shown this once: copy them, download them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    // the heading is the body's own text: Mantine's light green title on its light green is below 4.5:1
    <Alert color="green" role="status" aria-labelledby="recovery-codes-heading">
      <Stack gap="sm">
        <Text fw={700} id="recovery-codes-heading">
          Your recovery codes
        </Text>
        <Text size="sm">
          Save these codes somewhere safe, away from your phone: they are shown only this once. If you lose your phone,
          each code signs you in once instead of the authenticator's code.
        </Text>
        <List listStyleType="none" spacing={4} aria-label="Recovery codes" data-testid="recovery-codes">
          {codes.map((code) => (
            <List.Item key={code}>
              <Code fz="sm">{code}</Code>
            </List.Item>
          ))}
        </List>
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy the codes'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={download}>
            Download the codes
          </Button>
          <Button onClick={onDone}>I have saved them</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** An action that needs the password again: the field, the action's button and Cancel. */
export function PasswordAction({
  label,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  busy: boolean;
  /** Resolves when done; rejects with the server's error. */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(TOTP_MSG.passwordRequired);
      return;
    }
    setError(null);
    try {
      await onSubmit(password);
    } catch (e) {
      const field = e instanceof ApiError ? e.fieldMessages().password : undefined;
      setError(field || serverMessage(e, 'Something went wrong. Please try again.'));
      setPassword('');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm" maw={360}>
        <PasswordInput
          label="Your password"
          description="Enter your password to confirm it is you."
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
          data-autofocus
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {label}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
