import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';

/** Any path the route table does not name (doc 1 §2). */
export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <IconMapOff size={56} stroke={1.5} color="var(--mantine-color-blue-7)" aria-hidden />
        <Title order={1}>404 - Page Not Found</Title>
        <Text size="lg" c="gray.7">
          The page you're looking for doesn't exist.
        </Text>
        <Button component={Link} to={paths.home} size="md" leftSection={<IconHome size={18} aria-hidden />}>
          Go to Home
        </Button>
      </Stack>
    </Container>
  );
}
