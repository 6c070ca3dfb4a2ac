import { Anchor, Box, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconHeartHandshake,
  IconMail,
  IconMessageCircle,
  IconSnowflake,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useContentBlocks } from '../content/api.ts';
import { TextBlock } from '../content/TextBlock.tsx';
import { useLatestProducts } from '../events/api.ts';
import { EventGrid } from '../events/EventGrid.tsx';
import { Columns } from '../ui/Columns.tsx';
import { type NamedLink, useAssociation } from '../ui/useAssociation.ts';
import classes from './HomePage.module.css';
import { useLoginPrompt } from './useLoginPrompt.ts';

/**
 * Home (doc 1 §2): the hero with 'Race with Us!', the intro text, Upcoming Events with 'View All
 * Races', a way to get in touch, and the sponsors section.
 *
 * Social links and sponsors come from the association's configuration (ASSOCIATION_SOCIAL_LINKS,
 * ASSOCIATION_SPONSORS); "Stay in touch" always offers the e-mail address and the contact page,
 * and the sponsors section always invites businesses to become one.
 *
 * Opened with `?redirect=` (a page behind a login, from the navigation guard), it opens the Log In
 * modal by itself (useLoginPrompt).
 */
export function HomePage() {
  useLoginPrompt();
  const association = useAssociation();
  const blocks = useContentBlocks();
  const latest = useLatestProducts();

  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-title"
        py={{ base: 56, sm: 96 }}
        style={{
          background:
            'radial-gradient(circle at 85% 20%, rgb(255 255 255 / 14%) 0, transparent 40%), linear-gradient(135deg, var(--mantine-color-blue-9) 0%, var(--mantine-color-blue-8) 50%, #0b7285 100%)',
          color: 'white',
        }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={760}>
            <Group gap={8} c="white">
              <IconSnowflake size={22} aria-hidden />
              <Text fw={700} tt="uppercase" c="white" style={{ letterSpacing: 1.5 }}>
                {association.code}
              </Text>
            </Group>
            <Title order={1} id="home-title" c="white" fz={{ base: 34, sm: 52 }} lh={1.1}>
              {association.name}
            </Title>
            <Text size="xl" c="white">
              Ski and snowboard racing for every age, across the region's slopes.
            </Text>
            <Group>
              <Button
                component={Link}
                to={paths.booking}
                size="lg"
                variant="white"
                color="blue.9"
                rightSection={<IconArrowRight size={20} aria-hidden />}
              >
                Race with Us!
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={48}>
        <Box maw={820}>
          {blocks.isPending ? (
            <Stack gap="xs">
              <Skeleton h={16} />
              <Skeleton h={16} />
              <Skeleton h={16} w="70%" />
            </Stack>
          ) : blocks.data ? (
            <TextBlock text={blocks.data.home_intro} size="lg" />
          ) : null}
        </Box>
      </Container>

      <Box component="section" aria-labelledby="upcoming-title" bg="gray.0" py={48}>
        <Container size="lg">
          <Group justify="space-between" align="flex-end" mb="lg">
            <Title order={2} id="upcoming-title">
              Upcoming Events
            </Title>
            <Button
              component={Link}
              to={paths.booking}
              variant="outline"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              View All Races
            </Button>
          </Group>
          {latest.isPending ? (
            <Columns cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={380} radius="md" />
              ))}
            </Columns>
          ) : latest.isError ? (
            <Text c="gray.7">Upcoming events could not be loaded just now. Please try again later.</Text>
          ) : latest.data.length === 0 ? (
            <Text c="gray.7">There are no upcoming events at the moment. Please check back soon.</Text>
          ) : (
            <EventGrid events={latest.data} />
          )}
        </Container>
      </Box>

      <Container size="lg" py={48}>
        <Columns cols={{ base: 1, md: 2 }} spacing="xl">
          <Paper component="section" aria-labelledby="touch-title" withBorder p="xl" radius="md">
            <Group gap="sm" mb="sm">
              <IconMessageCircle size={28} color="var(--mantine-color-blue-8)" aria-hidden />
              <Title order={2} id="touch-title" fz="h3">
                Stay in touch
              </Title>
            </Group>
            <Text c="gray.8" mb="md">
              Questions about racing, entries or joining a club? We are happy to help.
            </Text>
            <Stack gap="xs">
              {association.email && (
                <Group gap={8} wrap="nowrap">
                  <IconMail size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <Anchor href={`mailto:${association.email}`} style={{ overflowWrap: 'anywhere' }}>
                    {association.email}
                  </Anchor>
                </Group>
              )}
              {association.social_links.length > 0 && (
                <Box
                  component="ul"
                  aria-label="Follow us"
                  style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
                >
                  {association.social_links.map((link) => (
                    <li key={link.url}>
                      <SocialLink link={link} />
                    </li>
                  ))}
                </Box>
              )}
              <Group>
                <Button component={Link} to={paths.contact} variant="light">
                  Contact us
                </Button>
              </Group>
            </Stack>
          </Paper>

          <Paper component="section" aria-labelledby="sponsors-title" withBorder p="xl" radius="md">
            <Group gap="sm" mb="sm">
              <IconHeartHandshake size={28} color="var(--mantine-color-blue-8)" aria-hidden />
              <Title order={2} id="sponsors-title" fz="h3">
                Our sponsors
              </Title>
            </Group>
            {association.sponsors.length > 0 && (
              // a plain list: Mantine's List was a script chunk of its own for this one list
              <ul className={classes.sponsors} aria-label="Sponsors">
                {association.sponsors.map((sponsor) => (
                  <li key={sponsor.url}>
                    <Anchor href={sponsor.url} target="_blank" rel="noopener noreferrer" fw={600}>
                      {sponsor.name}
                    </Anchor>
                  </li>
                ))}
              </ul>
            )}
            <Text c="gray.8" mb="md">
              Our races are run by volunteers and kept affordable with the help of local businesses. Would your business
              like to support junior racing in the region and see its name at every race?
            </Text>
            <Group>
              <Button component={Link} to={paths.contact} variant="light">
                Become a sponsor
              </Button>
            </Group>
          </Paper>
        </Columns>
      </Container>
    </>
  );
}

const SOCIAL_ICONS: Record<string, typeof IconWorld> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  x: IconBrandX,
  twitter: IconBrandX,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
};

/** One configured social link: the network's icon (a globe for others) and its name. */
function SocialLink({ link }: { link: NamedLink }) {
  const Icon = SOCIAL_ICONS[link.name.toLowerCase()] ?? IconWorld;
  return (
    <Button
      component="a"
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      size="compact-md"
      leftSection={<Icon size={18} aria-hidden />}
    >
      {link.name}
    </Button>
  );
}
