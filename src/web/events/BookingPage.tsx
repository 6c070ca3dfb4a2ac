import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BOOKING_SECTIONS, bookingSections, NO_EVENTS_TITLE, noBookingEvents } from '../../domain/events/sections.ts';
import { paths } from '../app/paths.ts';
import { LoadError, Loading } from '../content/LoadState.tsx';
import { PageHero } from '../content/PageHero.tsx';
import { useProducts } from './api.ts';
import { useNow } from './EventCard.tsx';
import { EventGrid } from './EventGrid.tsx';

const SECTION_NOTES: Record<(typeof BOOKING_SECTIONS)[number]['key'], string> = {
  bookNow: 'Registration is open: enter now.',
  happeningSoon: 'Registration has closed; these races are still to come.',
  comingSoon: 'Registration opens soon.',
  otherEvents: 'Shows, meetings and events run by others.',
};

/** Booking (doc 1 §2): the four sections, or 'No Events Available' when all are empty. */
export function BookingPage() {
  const products = useProducts();
  const now = useNow();

  if (products.isPending) {
    return (
      <>
        <PageHero title="Events" />
        <Container size="lg" py="xl">
          <Loading label="Loading events..." />
        </Container>
      </>
    );
  }
  if (products.isError) {
    return (
      <>
        <PageHero title="Events" />
        <Container size="lg" py="xl">
          <LoadError message="Failed to load events" onRetry={() => void products.refetch()} />
        </Container>
      </>
    );
  }

  const sections = bookingSections(products.data, now);
  if (noBookingEvents(sections)) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <IconCalendarOff size={56} stroke={1.5} color="var(--mantine-color-blue-8)" aria-hidden />
          <Title order={1}>{NO_EVENTS_TITLE}</Title>
          <Text size="lg" c="gray.7">
            There are no events to book right now. Please check back soon.
          </Text>
          <Button component={Link} to={paths.home} leftSection={<IconHome size={18} aria-hidden />}>
            Go back to home
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <>
      <PageHero
        title="Events"
        subtitle="Enter our races online, see what is coming up, and find the other events on the calendar."
      />
      <Container size="lg" py="xl">
        <Stack gap={48}>
          {BOOKING_SECTIONS.filter(({ key }) => sections[key].length > 0).map(({ key, title }, index) => (
            <section key={key} aria-labelledby={`section-${key}`}>
              <Title order={2} id={`section-${key}`}>
                {title}
              </Title>
              <Text c="gray.7" mb="lg">
                {SECTION_NOTES[key]}
              </Text>
              <EventGrid events={sections[key]} atTop={index === 0} />
            </section>
          ))}
        </Stack>
      </Container>
    </>
  );
}
