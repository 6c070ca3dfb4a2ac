import { Alert, Anchor, Button, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDayMonthYear, londonToday } from '../../domain/dates.ts';
import { FEED_MSG, RACES_FEED_PATH } from '../../domain/events/calendar-feed.ts';
import { serverMessage } from '../api/server-error.ts';
import { openConfirm } from '../ui/confirm.ts';
import { toast } from '../ui/toast.ts';
import { useCalendarFeed, useCalendarFeedChanges } from './calendar-feed-api.ts';
import { useProfileStore } from './store.ts';

const LOAD_FAILED = 'Your calendar link could not be loaded. Please try again.';
const failure = (error: unknown) => serverMessage(error, 'Something went wrong. Please try again.');

/**
 * My Profile → Calendar (issue 27): the family's private calendar link (made, shown once, made
 * again or turned off) and the public feed of all the association's races.
 */
export function CalendarFeed() {
  const username = useProfileStore((s) => s.username);
  const status = useCalendarFeed(username);
  const { make, turnOff } = useCalendarFeedChanges(username);
  // the address of a link just made: the server cannot show it again
  const [shown, setShown] = useState<string | null>(null);
  const publicFeed = typeof window === 'undefined' ? RACES_FEED_PATH : `${window.location.origin}${RACES_FEED_PATH}`;

  const makeLink = () =>
    make.mutate(undefined, {
      onSuccess: ({ url }) => setShown(url),
      onError: (error) => toast.error(failure(error)),
    });
  const askNewLink = () =>
    openConfirm({
      title: 'Make a new calendar link?',
      children: <Text size="sm">Your old link stops working: calendars that use it stop showing your races.</Text>,
      labels: { confirm: 'Make a new link', cancel: 'Cancel' },
      onConfirm: makeLink,
    });
  const askTurnOff = () =>
    openConfirm({
      title: 'Turn off your calendar link?',
      children: <Text size="sm">Calendars that use it stop showing your races.</Text>,
      labels: { confirm: 'Turn off', cancel: 'Cancel' },
      onConfirm: () =>
        turnOff.mutate(undefined, {
          onSuccess: () => {
            setShown(null);
            toast.success('Your calendar link is off.');
          },
          onError: (error) => toast.error(failure(error)),
        }),
    });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Calendar
        </Title>
        <Text>{FEED_MSG.explanation}</Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="family-feed-heading">
        <Title order={3} size="h4" id="family-feed-heading">
          Your family's races
        </Title>
        {status.isPending ? (
          <Group gap="xs" mih={36}>
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading your calendar link…</Text>
          </Group>
        ) : status.isError ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{LOAD_FAILED}</Text>
              <Button size="xs" variant="default" onClick={() => status.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            {status.data.active ? (
              <Text>
                Your calendar link is on
                {status.data.created_at
                  ? ` (made ${formatDayMonthYear(londonToday(new Date(status.data.created_at)))})`
                  : ''}
                .
              </Text>
            ) : (
              <Text c="dimmed">You have no calendar link yet.</Text>
            )}
            {shown && <ShownLink url={shown} />}
            <Group gap="sm">
              <Button onClick={status.data.active ? askNewLink : makeLink} loading={make.isPending}>
                {status.data.active ? 'Make a new link' : 'Make my calendar link'}
              </Button>
              {status.data.active && (
                <Button variant="default" color="red" onClick={askTurnOff} loading={turnOff.isPending}>
                  Turn off
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="races-feed-heading">
        <Title order={3} size="h4" id="races-feed-heading">
          All the association's races
        </Title>
        <Text size="sm">Every race, for anyone: add this address to your calendar app as a subscription.</Text>
        <Anchor href={publicFeed} style={{ overflowWrap: 'anywhere' }}>
          All the association's races
        </Anchor>
        <AddressField label="Address of the races calendar" value={publicFeed} copy="Copy the races calendar address" />
      </Stack>
    </Stack>
  );
}

/** The link just made, shown this once, with a Copy button. */
function ShownLink({ url }: { url: string }) {
  return (
    <Alert color="green" title="Your calendar link" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Copy it now and add it to your calendar app as a subscription: it is shown only this once. Keep it to
          yourself; anyone with it can see your family's races.
        </Text>
        <AddressField label="Your calendar link" value={url} copy="Copy your calendar link" />
      </Stack>
    </Alert>
  );
}

/** An address to copy: read-only (selected whole when focused) with a Copy button. */
function AddressField({ label, value, copy }: { label: string; value: string; copy: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy: copyNow }) => (
          <Button variant="default" onClick={copyNow} aria-label={copied ? 'Copied' : copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
