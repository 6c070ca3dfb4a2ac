import { Alert, Button, Divider, Group, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DATA_RIGHTS_MSG } from '../../domain/accounts/data-rights.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { paths } from '../app/paths.ts';
import { openConfirm } from '../ui/confirm.ts';
import { focusMain } from '../ui/focus.ts';
import { toast } from '../ui/toast.ts';
import { deleteMyAccount, downloadMyData } from './data-rights-api.ts';
import { useProfileStore } from './store.ts';

const failure = (error: unknown) => serverMessage(error, 'Something went wrong. Please try again.');

/**
 * My Profile → Your Data (issue 27, UK GDPR): download everything held about the account, or
 * delete it. Deletion asks for the password and a confirmation, and says beforehand what stays.
 */
export function DataRights() {
  const username = useProfileStore((s) => s.username);
  const admin = useProfileStore((s) => s.isAdmin);
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState<'json' | 'csv' | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async (format: 'json' | 'csv') => {
    setDownloading(format);
    try {
      await downloadMyData(format, username);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setDownloading(null);
    }
  };

  const remove = async () => {
    setDeleting(true);
    setRefusal(null);
    try {
      const { message } = await deleteMyAccount(password);
      useProfileStore.getState().clear();
      toast.success(message);
      await navigate(paths.home);
      focusMain();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.password?.[0] : undefined;
      if (field) setPasswordError(field);
      else setRefusal(failure(error));
    } finally {
      setDeleting(false);
    }
  };

  const askDelete = (event: React.FormEvent) => {
    event.preventDefault();
    setPasswordError(null);
    if (!password) {
      setPasswordError(DATA_RIGHTS_MSG.passwordRequired);
      return;
    }
    openConfirm({
      title: 'Delete your account?',
      children: <Text size="sm">This cannot be undone. You will be signed out.</Text>,
      labels: { confirm: 'Delete my account', cancel: 'Keep my account' },
      onConfirm: () => void remove(),
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Download your data
        </Title>
        <Text>
          Everything we hold about your account: your profile, your family, entries, payments and refunds, results, the
          messages you sent us and the e-mails we sent you.
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading === 'json'}
            disabled={downloading !== null}
            onClick={() => void download('json')}
          >
            Download (JSON)
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading === 'csv'}
            disabled={downloading !== null}
            onClick={() => void download('csv')}
          >
            Download (CSV)
          </Button>
        </Group>
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={2} size="h3">
          Delete your account
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Your profile, consents, family link, calendar link, messages and unsent e-mails go at once.
          </List.Item>
          <List.Item>
            Your race results stay as &ldquo;Deleted racer #n&rdquo;, so that season standings do not change.
          </List.Item>
          <List.Item>
            Orders and payments are kept without your name for six years after the end of the financial year (31 March)
            they were made in, as the law requires, and then removed.
          </List.Item>
          <List.Item>Your children&rsquo;s own accounts stay as they are.</List.Item>
          <List.Item>
            An account cannot be deleted while an entry is upcoming or a refund is pending. Backups keep deleted data
            for up to 35 days.
          </List.Item>
        </List>
        {admin ? (
          <Alert color="yellow">{DATA_RIGHTS_MSG.administrator}</Alert>
        ) : (
          <form onSubmit={askDelete} noValidate>
            <Stack gap="sm" maw={420}>
              {refusal && (
                <Alert color="red" role="alert">
                  {refusal}
                </Alert>
              )}
              <PasswordInput
                label="Password"
                description="Your password, to confirm it is you"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={passwordError}
              />
              <Group>
                <Button type="submit" color="red.9" loading={deleting}>
                  Delete my account
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Stack>
  );
}
