import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAssociation } from '../ui/useAssociation.ts';

/** Home: the hero with 'Race with Us!'. Upcoming events, social links and sponsors arrive with
 * the events and public site issue. */
export function HomePage() {
  const association = useAssociation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{association.name}</Title>
        <Text size="lg">Ski and snowboard racing for every age, across the region's slopes.</Text>
        <Button component={Link} to={paths.booking} size="lg">
          Race with Us!
        </Button>
      </Stack>
    </Container>
  );
}
