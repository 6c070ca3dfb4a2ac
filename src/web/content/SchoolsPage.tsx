import { Box, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schoolEvents } from '../../domain/events/sections.ts';
import { useProducts } from '../events/api.ts';
import { useNow } from '../events/EventCard.tsx';
import { EventGrid } from '../events/EventGrid.tsx';
import { useContentBlocks } from './api.ts';
import { LoadError, Loading } from './LoadState.tsx';
import { PageHero } from './PageHero.tsx';
import { TextBlock } from './TextBlock.tsx';

/** Schools (doc 1 §2): the schools rules (entry fees £70 a team, £21 an individual) and the
 * school events to come. */
export function SchoolsPage() {
  const blocks = useContentBlocks();
  const products = useProducts();
  const now = useNow();

  return (
    <>
      <PageHero title="Schools" subtitle="Represent your school on the slope: no racing experience needed." />
      <Container size="lg" py={48}>
        <Card
          component="section"
          aria-labelledby="rules-title"
          withBorder
          radius="md"
          p={{ base: 'lg', sm: 'xl' }}
          maw={880}
        >
          <Title order={2} id="rules-title" mb="md">
            Schools races: rules and entry
          </Title>
          {blocks.data ? (
            <TextBlock text={blocks.data.schools_rules} />
          ) : blocks.isError ? (
            <LoadError message="Failed to load the schools information" onRetry={() => void blocks.refetch()} />
          ) : (
            <Stack gap="xs">
              <Skeleton h={14} />
              <Skeleton h={14} />
              <Skeleton h={14} w="60%" />
            </Stack>
          )}
        </Card>
      </Container>

      <Box component="section" aria-labelledby="school-events-title" bg="gray.0" py={48}>
        <Container size="lg">
          <Title order={2} id="school-events-title" mb="lg">
            Schools events
          </Title>
          {products.isPending ? (
            <Loading label="Loading events..." />
          ) : products.isError ? (
            <LoadError message="Failed to load events" onRetry={() => void products.refetch()} />
          ) : schoolEvents(products.data, now).length === 0 ? (
            <Text c="gray.7">No schools events are planned yet. Please check back soon.</Text>
          ) : (
            <EventGrid events={schoolEvents(products.data, now)} />
          )}
        </Container>
      </Box>
    </>
  );
}
