import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { LINK_MSG } from '../../domain/people/link-requests.ts';
import { serverMessage } from '../api/server-error.ts';
import { openConfirm } from '../ui/confirm.ts';
import { toast } from '../ui/toast.ts';
import { familyApi } from './api.ts';

export interface FamilyMember {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** "Your family" on Linked Accounts: the other members, each with their details, and Leave family
 * (after a confirmation that says what leaving means). */
export function FamilySection({
  others,
  loading,
  failed,
  onDetails,
  onLeft,
}: {
  others: FamilyMember[];
  loading: boolean;
  failed: boolean;
  onDetails: (member: FamilyMember) => void;
  onLeft: () => Promise<void>;
}) {
  const leave = useMutation({
    mutationFn: familyApi.leave,
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await onLeft();
    },
    onError: (e) => toast.error(serverMessage(e, 'Failed to leave the family')),
  });
  const names = others.map((m) => `${m.first_name} ${m.last_name}`).join(', ');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="family-heading">
      <Title order={3} size="h4" id="family-heading" mb="sm">
        Your family
      </Title>
      {failed && (
        <Alert color="red" role="alert" mb="sm">
          {LINK_MSG.familyFailed}
        </Alert>
      )}
      {loading ? (
        <Group gap="xs" mih={36}>
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your family…</Text>
        </Group>
      ) : others.length === 0 ? (
        <Text c="dimmed">No linked accounts yet.</Text>
      ) : (
        <Stack gap="sm">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {others.map((m) => (
              <Group component="li" key={m.id} justify="space-between" wrap="wrap" gap="xs">
                <Text>
                  {m.first_name} {m.last_name}{' '}
                  <Text span c="dimmed">
                    ({m.username})
                  </Text>
                </Text>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => onDetails(m)}
                  aria-label={`View details of ${m.first_name} ${m.last_name}`}
                >
                  View details
                </Button>
              </Group>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button
              variant="default"
              size="xs"
              loading={leave.isPending}
              onClick={() =>
                openConfirm({
                  title: 'Leave your family',
                  children: (
                    <Stack gap="xs">
                      <Text>
                        Leave your family? You will no longer be able to enter {names} for events, and they will no
                        longer be able to enter you.
                      </Text>
                      <Text size="sm" c="dimmed">
                        To link again, send a new link request; an administrator approves it.
                      </Text>
                    </Stack>
                  ),
                  labels: { confirm: 'Leave family', cancel: 'Stay' },
                  onConfirm: () => leave.mutate(),
                })
              }
            >
              Leave family
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
