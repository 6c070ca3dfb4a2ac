import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The band at the top of every public page: the page's one h1 and a short line under it. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <Box
      component="section"
      py={{ base: 'xl', sm: 48 }}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-blue-9) 0%, var(--mantine-color-blue-8) 55%, #0b7285 100%)',
        color: 'white',
      }}
    >
      <Container size="lg">
        <Title order={1} c="white" fz={{ base: 30, sm: 40 }}>
          {title}
        </Title>
        {subtitle && (
          <Text size="lg" mt="xs" c="white" maw={720}>
            {subtitle}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
