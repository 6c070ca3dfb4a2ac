import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { LINK_MSG } from '../../../domain/people/link-requests.ts';
import { serverMessage } from '../../api/server-error.ts';
import { openConfirm } from '../../ui/confirm.ts';
import { toast } from '../../ui/toast.ts';
import { type FamilyMember, useFamily, useRemoveMember } from './link-requests-api.ts';
import { person } from './link-requests-model.ts';

/** View Family (doc 2 §2): the members by name and username; a super administrator may remove one
 * (decisions.md → People), after a confirmation. */
export function FamilyModal({
  familyId,
  onClose,
  canRemove,
}: {
  familyId: number | null;
  onClose: () => void;
  canRemove: boolean;
}) {
  const family = useFamily(familyId);
  const remove = useRemoveMember(familyId);
  const failedAt = family.isError ? family.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.admin('error', LINK_MSG.familyDetailsFailed);
  }, [failedAt]);

  const confirmRemove = (m: FamilyMember) =>
    openConfirm({
      title: 'Remove from family',
      children: (
        <Text>
          Remove {person(m.first_name, m.last_name)} ({m.username}) from this family? Nobody left in the family can
          enter them for events, nor they anyone in it.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const after = await remove.mutateAsync(m.id);
          toast.admin('success', after.message);
        } catch (error) {
          toast.admin('error', serverMessage(error, LINK_MSG.updateFailed));
        }
      },
    });

  const members = family.data?.members ?? [];
  return (
    <Modal
      opened={familyId !== null}
      onClose={onClose}
      title="Family"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {family.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading family…</Text>
        </Group>
      ) : family.isError ? (
        <Alert color="red" role="alert">
          {LINK_MSG.familyDetailsFailed}
        </Alert>
      ) : members.length === 0 ? (
        <Text c="dimmed">{LINK_MSG.noFamily}</Text>
      ) : (
        <Stack gap="sm">
          <Table aria-label="Family members" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Username</Table.Th>
                {canRemove && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{person(m.first_name, m.last_name)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.username}</Table.Td>
                  {canRemove && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red.9"
                        aria-label={`Remove ${person(m.first_name, m.last_name)} from the family`}
                        onClick={() => confirmRemove(m)}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
