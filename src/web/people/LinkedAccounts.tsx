import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { londonToday } from '../../domain/dates.ts';
import { LINK_MSG, TARGET_USER_MAX } from '../../domain/people/link-requests.ts';
import { textProblem } from '../../domain/text.ts';
import { accountsApi } from '../accounts/api.ts';
import { profileQueryKey } from '../accounts/ProfileDetails.tsx';
import { useProfileStore } from '../accounts/store.ts';
import { ApiError } from '../api/client.ts';
import { serverErrorText, serverMessage } from '../api/server-error.ts';
import { EventDate } from '../events/EventDate.tsx';
import { openConfirm } from '../ui/confirm.ts';
import { toast } from '../ui/toast.ts';
import { type LinkRequest, linkRequestsApi, linkRequestsQuery } from './api.ts';
import { type FamilyMember, FamilySection } from './FamilySection.tsx';
import { STATUS_COLOR, STATUS_LABEL } from './status.ts';

/**
 * Linked Accounts (doc 1 §2 Profile, §4 "Link request"): the family the account belongs to, a form
 * to ask to link another username, and the requests made or received: the maker may cancel one
 * still pending, the account named may reject it, an approved one shows the other account's
 * details. An administrator approves links (the admin Link Requests panel). The profile reloads
 * after each create, cancel or reject.
 */
export function LinkedAccounts() {
  const username = useProfileStore((s) => s.username);
  const storedFamily = useProfileStore((s) => s.family);
  const setUser = useProfileStore((s) => s.setUser);
  const queryClient = useQueryClient();
  // the family as the server has it now (an administrator may have approved a link since sign-in)
  const profile = useQuery({ queryKey: profileQueryKey(username), queryFn: accountsApi.profile });
  useEffect(() => {
    if (profile.data) setUser(profile.data);
  }, [profile.data, setUser]);
  const family = profile.data?.family ?? storedFamily;
  const requests = useQuery(linkRequestsQuery(username));
  const [details, setDetails] = useState<FamilyMember | { username: string } | null>(null);
  const others: FamilyMember[] = family?.members.filter((m) => m.username !== username) ?? [];

  // the profile reloads after each create, cancel or reject (doc 1 §4), and after leaving the family
  const afterChange = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['link-requests'] }),
      queryClient.invalidateQueries({ queryKey: ['profile'] }),
    ]);
  };

  const memberNamed = (name: string) => others.find((m) => m.username.toLowerCase() === name.toLowerCase());

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Linked Accounts
        </Title>
        <Text>
          Link your account with a family member’s (for example a parent and their children) to enter them for events.
          Ask for a link with their username; an administrator approves it.
        </Text>
      </Stack>

      <FamilySection
        others={others}
        loading={profile.isPending && !storedFamily}
        failed={profile.isError}
        onDetails={setDetails}
        onLeft={afterChange}
      />

      <RequestForm onSent={afterChange} />

      <Stack gap="xs" component="section" aria-labelledby="requests-heading">
        <Title order={3} size="h4" id="requests-heading">
          Link requests
        </Title>
        {requests.isPending ? (
          <Group gap="xs" mih={36}>
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading link requests…</Text>
          </Group>
        ) : requests.isError ? (
          <Alert color="red" role="alert">
            {LINK_MSG.listFailed}
          </Alert>
        ) : requests.data.length === 0 ? (
          <Text c="dimmed">No link requests yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {requests.data.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                mine={request.requesting_user_name.toLowerCase() === username.toLowerCase()}
                onChanged={afterChange}
                onDetails={(name) => setDetails(memberNamed(name) ?? { username: name })}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <Modal opened={details !== null} onClose={() => setDetails(null)} title="Linked account" centered>
        {details && (
          <Stack gap="xs">
            {'first_name' in details && (
              <Text>
                <strong>Name:</strong> {details.first_name} {details.last_name}
              </Text>
            )}
            <Text>
              <strong>Username:</strong> {details.username}
            </Text>
            {!('first_name' in details) && <Text c="dimmed">This account is no longer in your family.</Text>}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** The request form: one username; a refusal shows under the field and keeps what was typed. */
function RequestForm({ onSent }: { onSent: () => Promise<void> }) {
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (name: string) => linkRequestsApi.create(name),
    onSuccess: async (created) => {
      setTarget('');
      setError(null);
      toast.success(`Link request sent to ${created.target_user}. An administrator will review it.`);
      await onSent();
    },
    onError: (e) => {
      // the field's own message, else the server's text, else the spec's (doc 1 §8)
      const message =
        (serverErrorText(e) && e instanceof ApiError && e.fields.target_user?.[0]) ||
        serverMessage(e, LINK_MSG.submitFailed);
      setError(message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = target.trim();
    const problem = name ? textProblem(name, { label: 'Username', max: TARGET_USER_MAX }) : LINK_MSG.targetRequired;
    if (problem) {
      setError(problem);
      return;
    }
    send.mutate(name);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      aria-labelledby="request-heading"
      noValidate
    >
      <Title order={3} size="h4" id="request-heading" mb="sm">
        Link another account
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Username"
          description="The username of the account to link with yours"
          value={target}
          onChange={(e) => {
            setTarget(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={TARGET_USER_MAX}
          autoComplete="off"
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={send.isPending} mt={{ base: 0, xs: 46 }}>
          Send Request
        </Button>
      </Group>
    </Paper>
  );
}

function RequestRow({
  request,
  mine,
  onChanged,
  onDetails,
}: {
  request: LinkRequest;
  mine: boolean;
  onChanged: () => Promise<void>;
  onDetails: (username: string) => void;
}) {
  const other = mine ? request.target_user_name : request.requesting_user_name;
  const cancel = useMutation({
    mutationFn: () => linkRequestsApi.cancel(request.id),
    onSuccess: async () => {
      toast.success('Link request cancelled.');
      await onChanged();
    },
    onError: () => toast.error(LINK_MSG.cancelFailed),
  });
  const reject = useMutation({
    mutationFn: () => linkRequestsApi.reject(request.id),
    onSuccess: async () => {
      toast.success('Link request rejected.');
      await onChanged();
    },
    onError: () => toast.error(LINK_MSG.rejectFailed),
  });
  const pending = request.status === 'PENDING';
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text>{mine ? `You asked to link with ${other}` : `${other} asked to link with you`}</Text>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[request.status]} variant="filled" autoContrast tt="none">
              {STATUS_LABEL[request.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              <EventDate iso={londonToday(new Date(request.created_at))} />
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {pending && mine && (
            <Button
              variant="default"
              size="xs"
              loading={cancel.isPending}
              aria-label={`Cancel link request to ${other}`}
              onClick={() =>
                openConfirm({
                  title: 'Cancel link request',
                  children: <Text>Cancel your request to link with {other}?</Text>,
                  labels: { confirm: 'Cancel request', cancel: 'Keep it' },
                  onConfirm: () => cancel.mutate(),
                })
              }
            >
              Cancel
            </Button>
          )}
          {pending && !mine && (
            <Button
              color="red.9"
              variant="light"
              size="xs"
              loading={reject.isPending}
              aria-label={`Reject link request from ${other}`}
              onClick={() =>
                openConfirm({
                  title: 'Reject link request',
                  children: <Text>Reject {other}’s request to link with your account?</Text>,
                  labels: { confirm: 'Reject', cancel: 'Keep it' },
                  onConfirm: () => reject.mutate(),
                })
              }
            >
              Reject
            </Button>
          )}
          {request.status === 'APPROVED' && (
            <Button variant="light" size="xs" onClick={() => onDetails(other)} aria-label={`View details of ${other}`}>
              View details
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
