import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDayMonthYear } from '../../../domain/dates.ts';
import type { Product } from '../../../domain/events/product.ts';
import { BOOKED_MSG } from '../../../domain/people/booked.ts';
import { serverMessage } from '../../api/server-error.ts';
import { useRefundSettings } from '../../payments/admin/refund-settings.ts';
import { cardClasses } from '../../ui/CardFacts.tsx';
import { openConfirm } from '../../ui/confirm.ts';
import { downloadCsv } from '../../ui/download.ts';
import { EmptyList } from '../../ui/EmptyList.tsx';
import responsive from '../../ui/responsive.module.css';
import { toast } from '../../ui/toast.ts';
import { AdminWaitingList } from '../../waiting-list/AdminWaitingList.tsx';
import { AddParticipantModal } from './AddParticipantModal.tsx';
import { type BookedParticipant, useParticipants, useRemoveParticipant } from './booked-api.ts';
import {
  clubShort,
  dateLabel,
  genderText,
  orMissing,
  participantsFileName,
  priceLabel,
  REMOVE_WARNING,
  REMOVE_WARNING_REFUNDS_ON,
  remaining,
  removeQuestion,
} from './booked-model.ts';
import classes from './ConfirmRacersPanel.module.css';
import { EntrantMessages } from './EntrantMessages.tsx';
import { ListActions } from './ListParts.tsx';

/** One event's booked participants (doc 2 §2, §4): the table, Add Participant, Download CSV,
 * remove with the exact confirmation, and Return Home. */
export function EventParticipants({ event, code, onHome }: { event: Product; code: string; onHome: () => void }) {
  const participants = useParticipants(event.id);
  const remove = useRemoveParticipant(event.id);
  const refunds = useRefundSettings();
  const [adding, setAdding] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const rows = participants.data ?? [];

  const onRemove = (p: BookedParticipant) => {
    // with refunds through the site on, what was paid may go back (issue 27); the text's warning otherwise
    const refundable = refunds.data?.enabled === true && p.paid !== null && p.paid !== '0.00';
    let refund = refundable;
    openConfirm({
      title: 'Remove participant',
      children: (
        <Stack gap="xs">
          <Text>{removeQuestion(p.participant_first_name, p.participant_last_name, event.name)}</Text>
          {refundable ? (
            <Checkbox
              defaultChecked
              label={`Refund £${p.paid} to the payer`}
              onChange={(e) => {
                refund = e.currentTarget.checked;
              }}
            />
          ) : null}
          <Alert color="red" variant="light">
            {refunds.data?.enabled ? REMOVE_WARNING_REFUNDS_ON : REMOVE_WARNING}
          </Alert>
        </Stack>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const done = await remove.mutateAsync({ bookingId: p.id, refund });
          toast.admin('success', done.message);
        } catch (error) {
          toast.admin('error', serverMessage(error, 'Failed to remove participant'));
        }
      },
    });
  };

  const onDownload = async () => {
    if (rows.length === 0) {
      toast.admin('error', BOOKED_MSG.noParticipants);
      return;
    }
    setDownloading(true);
    try {
      await downloadCsv(`/products/booked-participants/${event.id}/export-csv/`, participantsFileName(event.name));
    } catch {
      toast.admin('error', 'Failed to download CSV');
    } finally {
      setDownloading(false);
    }
  };

  const removeButton = (p: BookedParticipant) => (
    <Button
      size="compact-sm"
      variant="outline"
      color="red.9"
      aria-label={`Remove ${p.participant_first_name} ${p.participant_last_name}`}
      onClick={() => onRemove(p)}
    >
      Remove
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onHome}>
          Return Home
        </Button>
        <ListActions
          downloading={downloading}
          onDownload={onDownload}
          addLabel="Add Participant"
          onAdd={() => setAdding(true)}
        />
      </Group>

      <Paper withBorder radius="md" component="section" className={classes.section} aria-labelledby="booked-event">
        <Title order={3} id="booked-event">
          {event.name}
        </Title>
        <Text size="sm" c="gray.7" mb="sm" data-testid="booked-summary">
          {formatDayMonthYear(event.date)} · {event.slope_name} · {priceLabel(event.price)} · {event.booked_quantity}{' '}
          booked · {remaining(event)} remaining
        </Text>
        {participants.isError ? (
          <Alert color="red" role="alert" title="The participants could not be loaded">
            <Button size="xs" variant="white" color="red" onClick={() => participants.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : participants.isPending ? (
          <Skeleton height={120} radius="sm" aria-hidden />
        ) : rows.length === 0 ? (
          <EmptyList
            icon={<IconUsersGroup aria-hidden />}
            title="Nobody is booked on this event yet"
            description="Add Participant books an approved racer."
          />
        ) : (
          <>
            <div className={responsive.wideOnly}>
              <Table.ScrollContainer minWidth={860} type="native">
                <Table striped highlightOnHover verticalSpacing="xs" aria-label="Participants">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{code} ID</Table.Th>
                      <Table.Th scope="col">First name</Table.Th>
                      <Table.Th scope="col">Last name</Table.Th>
                      <Table.Th scope="col">Gender</Table.Th>
                      <Table.Th scope="col">Date of birth</Table.Th>
                      <Table.Th scope="col">Club</Table.Th>
                      <Table.Th scope="col">SE reg. number</Table.Th>
                      <Table.Th scope="col">Booked on</Table.Th>
                      <Table.Th scope="col" className={classes.actions}>
                        Remove
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>{orMissing(p.participant_profile.racer_id)}</Table.Td>
                        <Table.Td>{orMissing(p.participant_first_name)}</Table.Td>
                        <Table.Td>{orMissing(p.participant_last_name)}</Table.Td>
                        <Table.Td>{genderText(p.participant_profile.gender)}</Table.Td>
                        <Table.Td className={classes.nowrap}>{dateLabel(p.participant_profile.date_of_birth)}</Table.Td>
                        <Table.Td>{clubShort(p.participant_profile.local_club)}</Table.Td>
                        <Table.Td>{orMissing(p.participant_profile.se_reg_number)}</Table.Td>
                        <Table.Td className={classes.nowrap}>{dateLabel(p.created_at)}</Table.Td>
                        <Table.Td className={classes.actions}>{removeButton(p)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </div>
            <ul className={`${cardClasses.cards} ${responsive.narrowOnly}`} aria-label="Participants">
              {rows.map((p) => (
                <Paper component="li" key={p.id} withBorder radius="md" p="sm">
                  <Text fw={600}>
                    {p.participant_first_name} {p.participant_last_name}
                  </Text>
                  <dl className={cardClasses.facts}>
                    <dt>{code} ID</dt>
                    <dd>{orMissing(p.participant_profile.racer_id)}</dd>
                    <dt>Gender</dt>
                    <dd>{genderText(p.participant_profile.gender)}</dd>
                    <dt>Date of birth</dt>
                    <dd>{dateLabel(p.participant_profile.date_of_birth)}</dd>
                    <dt>Club</dt>
                    <dd>{clubShort(p.participant_profile.local_club)}</dd>
                    <dt>SE reg. number</dt>
                    <dd>{orMissing(p.participant_profile.se_reg_number)}</dd>
                    <dt>Booked on</dt>
                    <dd>{dateLabel(p.created_at)}</dd>
                  </dl>
                  <Group justify="flex-end">{removeButton(p)}</Group>
                </Paper>
              ))}
            </ul>
          </>
        )}
      </Paper>
      {event.event_type === 'race' && <AdminWaitingList eventId={event.id} eventName={event.name} />}
      <EntrantMessages event={event} />
      <AddParticipantModal event={event} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
