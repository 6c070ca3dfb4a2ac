import { Container, Text, Title } from '@mantine/core';

/** A page whose content a later issue builds. It says so plainly, nothing more. */
export function PlaceholderPage({ title, arrivesWith }: { title: string; arrivesWith: string }) {
  return (
    <Container size="md" py="xl">
      <Title order={1}>{title}</Title>
      <Text mt="md" c="dimmed">
        This page is not built yet: it arrives with {arrivesWith}.
      </Text>
    </Container>
  );
}
