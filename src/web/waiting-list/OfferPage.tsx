import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import type { WaitingEntry } from '../../domain/waiting-list/shapes.ts';
import { useProfileStore } from '../accounts/store.ts';
import { ApiError } from '../api/client.ts';
import { serverErrorText } from '../api/server-error.ts';
import { paths } from '../app/paths.ts';
import { useCartStore } from '../cart/store.ts';
import { EventDate } from '../events/EventDate.tsx';
import { openConfirm } from '../ui/confirm.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { waitingApi } from './api.ts';
import { LeaveButton } from './LeaveButton.tsx';
import { entryNote, isLive, MODE_LABEL, memberText, offerPrice, STATE_COLOR, stateLabel } from './model.ts';
import { useAnswer, useWaitingEntry } from './queries.ts';

/** Accept and Decline, each a POST for the signed-in owner (a mail scanner's GET answers nothing).
 * A paid offer goes on to checkout with its places held; a free one is booked here. */
function Answers({ entry, onRefused }: { entry: WaitingEntry; onRefused: (message: string) => void }) {
  const navigate = useNavigate();
  const accept = useAnswer(
    waitingApi.accept,
    async (done) => {
      if (!done.checkout) return;
      await useCartStore.getState().refresh();
      navigate(paths.checkout);
    },
    onRefused,
  );
  const decline = useAnswer(waitingApi.decline, undefined, onRefused);
  const price = offerPrice(entry);
  const askDecline = () =>
    openConfirm({
      title: 'Decline the offer?',
      children: (
        <Text size="sm">
          The places pass to the next family on the list at once, and you leave the list for {entry.event.name}.
        </Text>
      ),
      labels: { confirm: 'Decline', cancel: 'Keep the offer' },
      onConfirm: () => decline.mutate(entry.id),
    });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="The offer">
      <Text fw={700}>{entryNote(entry)}</Text>
      {price && (
        <Text size="sm" mt={4}>
          To pay: {price}. Accept takes you to checkout, with the places held for you until the offer ends.
        </Text>
      )}
      <Group mt="md" gap="sm">
        <Button onClick={() => accept.mutate(entry.id)} loading={accept.isPending} disabled={decline.isPending}>
          Accept
        </Button>
        <Button variant="default" onClick={askDecline} loading={decline.isPending} disabled={accept.isPending}>
          Decline
        </Button>
      </Group>
    </Paper>
  );
}

/** The entry as it stands. An answer the server refused (another tab answered first, or the offer
 * ended) says why above it; the entry, read again, shows where it stands, without the buttons. */
function EntryView({ entry }: { entry: WaitingEntry }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          Waiting list: {entry.event.name}
        </Title>
        <Text c="dimmed">
          <EventDate iso={entry.event.date} /> ·{' '}
          <Anchor component={Link} to={`/events/${entry.event.slug}`} underline="always">
            the race’s page
          </Anchor>
        </Text>
      </div>
      {refusal && (
        <Alert color="orange" role="alert" data-testid="answer-refused">
          {refusal}
        </Alert>
      )}
      <Group gap="xs">
        <Badge color={STATE_COLOR[entry.state]} variant="filled" autoContrast tt="none" size="lg">
          {stateLabel(entry)}
        </Badge>
        <Text size="sm">{MODE_LABEL[entry.mode]}</Text>
      </Group>
      <List size="sm" spacing={2} aria-label="Waiting">
        {entry.members.map((m) => (
          <List.Item key={m.id}>{memberText(m)}</List.Item>
        ))}
      </List>
      {entry.state === 'offered' ? <Answers entry={entry} onRefused={setRefusal} /> : <Text>{entryNote(entry)}</Text>}
      <Group gap="sm">
        {entry.state === 'waiting' && <LeaveButton entry={entry} />}
        <Anchor component={Link} to={`${paths.profile}?tab=entries`}>
          My Entries
        </Anchor>
      </Group>
      {!isLive(entry) && entry.state !== 'accepted' && (
        <Text size="sm" c="dimmed">
          The race may have places again later: its page says.
        </Text>
      )}
    </Stack>
  );
}

/**
 * /waiting-list/{id} (issue 27; docs/decisions/0053): a waiting-list entry and its offer, linked
 * from the offer e-mail. Opening it answers nothing; the owner answers with the buttons. A visitor
 * is asked to log in here rather than sent away, so the e-mail's link still leads to the offer.
 */
export function OfferPage() {
  const id = Number(useParams().id);
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const openModal = useModalStore((s) => s.open);
  const valid = Number.isInteger(id) && id > 0;
  const entry = useWaitingEntry(id, isLoggedIn && valid);
  return (
    <Container size="sm" py="xl">
      {!isLoggedIn ? (
        <Stack gap="md">
          <Title order={1} size="h2">
            Waiting list
          </Title>
          <Text>Log in to see your place on the waiting list and answer an offer.</Text>
          <Button onClick={() => openModal('login')} style={{ alignSelf: 'flex-start' }}>
            Log In
          </Button>
        </Stack>
      ) : !valid || entry.isError ? (
        <Alert color="red" role="alert" title="Waiting list">
          {entry.error instanceof ApiError && entry.error.status < 500 && serverErrorText(entry.error)
            ? serverErrorText(entry.error)
            : valid
              ? 'The entry could not be loaded. Please try again.'
              : WAITING_MSG.notFound}
        </Alert>
      ) : entry.isPending ? (
        <Stack gap="sm" aria-label="Loading the waiting-list entry">
          <Skeleton height={40} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <EntryView entry={entry.data} />
      )}
    </Container>
  );
}
