import { Anchor, Box, Container, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconMountain, IconPhone, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type SlopeInfo, useSlopes } from './api.ts';
import { Loading } from './LoadState.tsx';
import { PageHero } from './PageHero.tsx';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={10} wrap="nowrap" align="flex-start">
      <Box c="blue.8" mt={2} style={{ flexShrink: 0, display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Group>
  );
}

function SlopePicture({ slope }: { slope: SlopeInfo }) {
  if (slope.slope_image) {
    return <Image src={slope.slope_image} alt={`${slope.slope_name}`} radius="md" h={260} fit="cover" />;
  }
  return (
    <Box
      h={260}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: 'linear-gradient(160deg, var(--mantine-color-blue-8), #0b7285)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'white',
      }}
    >
      <Stack align="center" gap={4} px="md" ta="center">
        <IconMountain size={56} stroke={1.3} aria-hidden />
        <Text fw={700} c="white">
          {slope.slope_name}
        </Text>
      </Stack>
    </Box>
  );
}

/** One club: picture and map on one side, every detail on the other; sides alternate. */
function Club({ slope, flip }: { slope: SlopeInfo; flip: boolean }) {
  const address = (['address_line_1', 'address_line_2', 'locality', 'postcode'] as const)
    .map((field) => ({ field, text: slope[field].trim() }))
    .filter((part) => part.text);
  const headingId = `club-${slope.id}`;
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      data-testid="club"
    >
      <Grid gap={{ base: 'lg', md: 40 }} align="center">
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: flip ? 2 : 1 }}>
          <Stack gap="md">
            <SlopePicture slope={slope} />
            {slope.slope_map && (
              <Image src={slope.slope_map} alt={`Map of ${slope.slope_name}`} radius="md" h={260} fit="contain" />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: flip ? 1 : 2 }}>
          <Stack gap="sm">
            <div>
              <Title order={2} fz="h3" id={headingId}>
                {slope.race_club_name}
              </Title>
              <Text fw={600} c="blue.8" fz="lg">
                {slope.slope_name}
              </Text>
            </div>
            {address.length > 0 && (
              <Line icon={<IconMapPin size={18} />}>
                <Text component="address" fs="normal">
                  {address.map((part) => (
                    <span key={part.field} style={{ display: 'block' }}>
                      {part.text}
                    </span>
                  ))}
                </Text>
              </Line>
            )}
            {slope.slope_contact_number.trim() && (
              <Line icon={<IconPhone size={18} />}>
                <Anchor href={`tel:${slope.slope_contact_number.replace(/[^\d+]/g, '')}`}>
                  {slope.slope_contact_number}
                </Anchor>
              </Line>
            )}
            {slope.slope_website.trim() && (
              <Line icon={<IconWorld size={18} />}>
                <Anchor href={slope.slope_website} target="_blank" rel="noopener noreferrer">
                  {slope.slope_website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                </Anchor>
              </Line>
            )}
            {slope.slope_email.trim() && (
              <Line icon={<IconMail size={18} />}>
                <Anchor href={`mailto:${slope.slope_email}`}>{slope.slope_email}</Anchor>
              </Line>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** Slopes, labelled Clubs (doc 1 §2): every club and its slope, in alternating layout. A failed
 * load is only logged (doc 1 §8) and shows the empty note. */
export function SlopesPage() {
  const slopes = useSlopes();
  return (
    <>
      <PageHero title="Clubs" subtitle="Our member clubs and the slopes where they train and race." />
      <Container size="lg" py={48}>
        {slopes.isPending ? (
          <Loading label="Loading clubs..." />
        ) : (slopes.data ?? []).length === 0 ? (
          <Text c="gray.7">Club details will be listed here soon.</Text>
        ) : (
          <Stack gap="xl">
            {(slopes.data ?? []).map((slope, i) => (
              <Club key={slope.id} slope={slope} flip={i % 2 === 1} />
            ))}
          </Stack>
        )}
      </Container>
    </>
  );
}
