import { Alert, Button, CopyButton, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { codeProblem, groupSecret, TOTP_MSG } from '../../domain/accounts/totp.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { toast } from '../ui/toast.ts';
import { PasswordAction, RecoveryCodes } from './RecoveryCodes.tsx';
import { SetupQrCode } from './SetupQrCode.tsx';
import { useProfileStore } from './store.ts';
import { useTotpChanges, useTotpStatus } from './totp-api.ts';

const LOAD_FAILED = 'Your security settings could not be loaded. Please try again.';
const FAILED = 'Something went wrong. Please try again.';

/**
 * My Profile → Security, for administrators (issue 27, docs/decisions/0047): add an authenticator
 * app with the password (then its QR code, key or otpauth address, and a first code to confirm),
 * see the recovery codes once, make new ones, or turn it off — each with the password (issue 37).
 */
export function SecurityPanel() {
  const username = useProfileStore((s) => s.username);
  const status = useTotpStatus(username);
  const changes = useTotpChanges(username);
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<'add' | 'off' | 'codes' | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Security
        </Title>
        <Text>
          An authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like)
          gives a new 6-digit code every 30 seconds. With it on, signing in asks for that code after your password, so a
          stolen password alone cannot open the back office.
        </Text>
      </Stack>
      {status.isPending ? (
        <Group gap="xs" mih={36}>
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your security settings…</Text>
        </Group>
      ) : status.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(status.error, LOAD_FAILED)}</Text>
            <Button size="xs" variant="default" onClick={() => status.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md" component="section" aria-labelledby="authenticator-heading">
          <Title order={3} size="h4" id="authenticator-heading">
            Authenticator app
          </Title>
          {status.data.required && !status.data.enabled && (
            <Alert color="orange" icon={<IconAlertCircle aria-hidden />} data-testid="totp-required">
              {TOTP_MSG.requiredForSuper}
            </Alert>
          )}
          {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
          {status.data.enabled ? (
            <>
              <Text data-testid="totp-state">
                Your authenticator is on. You have {status.data.recovery_codes_left} recovery code
                {status.data.recovery_codes_left === 1 ? '' : 's'} left.
              </Text>
              {action === null && (
                <Group gap="sm">
                  <Button variant="default" onClick={() => setAction('codes')}>
                    Make new recovery codes
                  </Button>
                  {!status.data.required && (
                    <Button variant="default" color="red" onClick={() => setAction('off')}>
                      Turn off
                    </Button>
                  )}
                </Group>
              )}
              {status.data.required && (
                <Text size="sm" c="dimmed">
                  The association requires super administrators to keep an authenticator, so it cannot be turned off.
                </Text>
              )}
              {action === 'codes' && (
                <PasswordAction
                  label="Make new recovery codes"
                  busy={changes.newCodes.isPending}
                  onCancel={() => setAction(null)}
                  onSubmit={async (password) => {
                    const made = await changes.newCodes.mutateAsync(password);
                    setAction(null);
                    setCodes(made.recovery_codes);
                  }}
                />
              )}
              {action === 'off' && (
                <PasswordAction
                  label="Turn off the authenticator"
                  busy={changes.turnOff.isPending}
                  onCancel={() => setAction(null)}
                  onSubmit={async (password) => {
                    const done = await changes.turnOff.mutateAsync(password);
                    setAction(null);
                    setCodes(null);
                    toast.success(done.message);
                  }}
                />
              )}
            </>
          ) : setup ? (
            <SetupSteps
              setup={setup}
              busy={changes.confirm.isPending}
              onCancel={() => setSetup(null)}
              onConfirm={async (code) => {
                const made = await changes.confirm.mutateAsync(code);
                setSetup(null);
                setCodes(made.recovery_codes);
                toast.success('Your authenticator is on.');
              }}
            />
          ) : (
            <>
              <Text c="dimmed" data-testid="totp-state">
                You have no authenticator yet.
              </Text>
              {action === 'add' ? (
                <PasswordAction
                  label="Add an authenticator"
                  busy={changes.setup.isPending}
                  onCancel={() => setAction(null)}
                  onSubmit={async (password) => {
                    setSetup(await changes.setup.mutateAsync(password));
                    setAction(null);
                  }}
                />
              ) : (
                <Group>
                  <Button onClick={() => setAction('add')}>Add an authenticator</Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** Setting up: the key (typed into the app, or its otpauth address), then the first code. */
function SetupSteps({
  setup,
  busy,
  onConfirm,
  onCancel,
}: {
  setup: { secret: string; otpauth_url: string };
  busy: boolean;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grouped = groupSecret(setup.secret);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem || code.replace(/\s/g, '').length !== 6) {
      setError(problem ?? 'Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    try {
      await onConfirm(code.replace(/\s/g, ''));
    } catch (e) {
      setError((e instanceof ApiError && e.fieldMessages().code) || serverMessage(e, FAILED));
      setCode('');
    }
  };
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text fw={600}>1. Add this site to your authenticator app</Text>
        <Text size="sm">
          In the app, choose to add an account and scan this QR code. Or enter a setup key and type the key below
          (time-based); on this phone, you can instead open the setup address.
        </Text>
        <SetupQrCode otpauthUrl={setup.otpauth_url} />
        <CopyField label="Setup key" value={grouped} copyValue={setup.secret} testId="totp-secret" mono />
        <CopyField label="Setup address (otpauth)" value={setup.otpauth_url} copyValue={setup.otpauth_url} />
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="xs" maw={360}>
          <Text fw={600}>2. Enter the code the app shows</Text>
          <TextInput
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
          />
          <Group gap="xs">
            <Button type="submit" loading={busy}>
              Turn on
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** A value to copy: read-only, wrapped on a phone (selected whole when focused), with a Copy button. */
function CopyField({
  label,
  value,
  copyValue,
  testId,
  mono,
}: {
  label: string;
  value: string;
  copyValue: string;
  testId?: string;
  mono?: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Textarea
        label={label}
        value={value}
        readOnly
        autosize
        minRows={1}
        data-testid={testId}
        style={{ flex: 1, minWidth: 0 }}
        styles={{
          input: {
            overflowWrap: 'anywhere',
            ...(mono ? { fontFamily: 'var(--mantine-font-family-monospace)' } : {}),
          },
        }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={copyValue}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={copied ? 'Copied' : `Copy the ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
