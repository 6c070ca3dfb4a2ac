import { Badge, Box, Button, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconExternalLink, IconFileText } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { londonToday } from '../../domain/dates.ts';
import type { Product } from '../../domain/events/product.ts';
import { displayPrice } from '../../domain/money.ts';
import { ApiError } from '../api/client.ts';
import { LoadError, Loading } from '../content/LoadState.tsx';
import { PageHero } from '../content/PageHero.tsx';
import { NarrowOrWide } from '../ui/NarrowOrWide.tsx';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { useAssociation } from '../ui/useAssociation.ts';
import { useProduct } from './api.ts';
import { cardDate, formatMoment, UK_TIME } from './card-text.ts';
import { EnterButton, hasEnterButton } from './EnterButton.tsx';
import { useNow } from './EventCard.tsx';
import { eventState, placesLeft } from './page-text.ts';
import { eventCalendarPath } from './paths.ts';

/** A 404 from the API, also after the server's painting (a dehydrated error is a plain object). */
const isNotFound = (error: unknown) =>
  error instanceof ApiError ? error.status === 404 : (error as { status?: number } | null)?.status === 404;

/** A row of the event's facts: a term and what it says. */
function Fact({ term, children, testId }: { term: string; children: React.ReactNode; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" fw={700} w={130} style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" m={0} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/** The registration window of a race, with its times in UK time. */
function RegistrationWindow({ event }: { event: Product }) {
  if (!event.registration_open || !event.registration_open_time) return null;
  if (!event.registration_close || !event.registration_close_time) return null;
  const open = { wide: formatMoment(event.registration_open, event.registration_open_time, false) };
  const close = { wide: formatMoment(event.registration_close, event.registration_close_time, false) };
  return (
    <>
      <NarrowOrWide
        wide={`Opens ${open.wide}`}
        narrow={`Opens ${formatMoment(event.registration_open, event.registration_open_time, true)}`}
      />
      <br />
      <NarrowOrWide
        wide={`Closes ${close.wide}`}
        narrow={`Closes ${formatMoment(event.registration_close, event.registration_close_time, true)}`}
      />
    </>
  );
}

/**
 * An event's own page (issue 26, `/events/{slug}`), painted by the server: what, when (with
 * "UK time"), where, the price and the places left, the registration window, the documents,
 * the Enter button of its card and "Add to calendar". A cancelled, past or external event says
 * so and has no Enter; an unknown slug is the 404 page.
 */
export function EventPage() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  const now = useNow();
  const { code } = useAssociation();
  const name = product.data?.name;
  useEffect(() => {
    if (!name) return;
    // after the layout's own title (RootLayout sets the route's 'Event' in the same commit)
    const timer = setTimeout(() => {
      document.title = `${name} · ${code}`;
    });
    return () => clearTimeout(timer);
  }, [name, code]);

  if (product.isError && isNotFound(product.error)) return <NotFoundPage />;
  if (product.isPending) {
    return (
      <Container size="md" py="xl">
        <Loading label="Loading event..." />
      </Container>
    );
  }
  if (product.isError) {
    return (
      <Container size="md" py="xl">
        <LoadError message="Failed to load the event" onRetry={() => void product.refetch()} />
      </Container>
    );
  }

  const event = product.data;
  const isRace = event.event_type === 'race';
  const past = event.date < londonToday(now);
  const state = eventState(event, now, past);
  const date = cardDate(event.date, false) ?? event.date;
  const narrowDate = cardDate(event.date, true) ?? event.date;
  const left = placesLeft(event);

  return (
    <>
      <PageHero title={event.name}>
        {state && (
          <Badge size="lg" mt="sm" color={state.color} variant="filled" data-testid="event-state">
            {state.label}
          </Badge>
        )}
      </PageHero>
      <Container size="md" py="xl">
        <Stack gap="lg">
          {event.image && <Image src={event.image} alt="" radius="md" mah={360} fit="cover" fetchPriority="high" />}
          {/* the list itself is the Stack: a <dl> holds its dt/dd pairs directly or in one <div> each */}
          <Stack component="dl" gap="xs" m={0}>
            <Fact term="Date" testId="event-page-date">
              <NarrowOrWide wide={date} narrow={narrowDate} />
            </Fact>
            {event.start_time && (
              <Fact term="Start time" testId="event-page-start">
                {event.start_time} {UK_TIME}
              </Fact>
            )}
            <Fact term="Venue" testId="event-page-venue">
              {event.slope_name}
            </Fact>
            {isRace && (
              <Fact term="Price" testId="event-page-price">
                {displayPrice(event.price)}
              </Fact>
            )}
            {isRace && !event.is_cancelled && !past && (
              <Fact term="Places left" testId="event-page-places">
                {left === 0 ? 'None: the event is full' : `${left} of ${event.quantity}`}
              </Fact>
            )}
            {/* a cancelled race says only that (its badge): no places, no window to enter in */}
            {isRace && !event.is_cancelled && (
              <Fact term="Registration" testId="event-page-window">
                <RegistrationWindow event={event} />
              </Fact>
            )}
          </Stack>
          {!isRace && event.banner_message.trim() && (
            <Text fs="italic" data-testid="event-page-banner">
              {event.banner_message}
            </Text>
          )}
          {event.url.trim() && (
            <Group gap={6} wrap="nowrap">
              <IconExternalLink size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text
                component="a"
                href={event.url}
                target="_blank"
                rel="noopener noreferrer"
                c="blue.8"
                td="underline"
                style={{ overflowWrap: 'anywhere' }}
              >
                {event.url}
              </Text>
            </Group>
          )}
          <Group gap="sm" align="stretch">
            {!past && hasEnterButton(event, now) && (
              <Box w={{ base: '100%', xs: 220 }}>
                <EnterButton event={event} name={event.name} now={now} />
              </Box>
            )}
            <Button
              component="a"
              href={eventCalendarPath(event.slug)}
              download={`${event.slug}.ics`}
              variant="light"
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
              w={{ base: '100%', xs: 'auto' }}
            >
              Add to calendar
            </Button>
          </Group>
          <section aria-labelledby="event-documents">
            <Title order={2} fz="h3" id="event-documents" mb="xs">
              Documents
            </Title>
            {event.documents.length === 0 ? (
              <Text c="gray.7">Documents for this event will be available here soon — please check back later.</Text>
            ) : (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {event.documents.map((doc) => (
                  <li key={doc.id}>
                    <Group gap={6} wrap="nowrap">
                      <IconFileText size={16} aria-hidden />
                      <Text
                        component="a"
                        href={doc.document}
                        target="_blank"
                        rel="noopener noreferrer"
                        c="blue.8"
                        td="underline"
                      >
                        {doc.name}
                      </Text>
                    </Group>
                  </li>
                ))}
              </Stack>
            )}
          </section>
        </Stack>
      </Container>
    </>
  );
}
