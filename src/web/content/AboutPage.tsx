import { Avatar, Blockquote, Box, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconQuote } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Columns } from '../ui/Columns.tsx';
import { useAssociation } from '../ui/useAssociation.ts';
import { type TeamMember, useContentBlocks, useTeamMembers } from './api.ts';
import { PageHero } from './PageHero.tsx';
import { TextBlock } from './TextBlock.tsx';

function initialsOf(member: TeamMember): string {
  return `${member.first_name.charAt(0)}${member.last_name.charAt(0)}`.toUpperCase();
}

/** About (doc 1 §2): mission, the start-racing call to action, Meet Our Team and testimonials. */
export function AboutPage() {
  const association = useAssociation();
  const blocks = useContentBlocks();
  const team = useTeamMembers();
  // three members fill three columns; four or more wrap in rows of four
  const teamColumns = (team.data?.length ?? 0) === 3 ? 3 : 4;
  const testimonials = (blocks.data?.testimonials ?? []).map((t, i) => ({ ...t, key: `${i}:${t.author}` }));

  return (
    <>
      <PageHero title={`About the ${association.code}`} subtitle={association.name} />

      <Container size="lg" py={48}>
        <Columns cols={{ base: 1, md: 2 }} spacing={48}>
          <Box component="section" aria-labelledby="mission-title">
            <Title order={2} id="mission-title" mb="md">
              Our mission
            </Title>
            {blocks.data ? <TextBlock text={blocks.data.about_mission} /> : <BlockSkeleton />}
          </Box>
          <Card component="section" aria-labelledby="start-title" withBorder radius="md" p="xl" bg="blue.0">
            <Title order={2} id="start-title" mb="md">
              Start racing
            </Title>
            {blocks.data ? <TextBlock text={blocks.data.about_start_racing} /> : <BlockSkeleton />}
            <Group mt="lg">
              <Button
                component={Link}
                to={paths.booking}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Find a race
              </Button>
            </Group>
          </Card>
        </Columns>
      </Container>

      <Box component="section" id="team" aria-labelledby="team-title" bg="gray.0" py={48}>
        <Container size="lg">
          <Title order={2} id="team-title" mb="lg">
            Meet Our Team
          </Title>
          {team.isPending ? (
            <Columns cols={{ base: 1, xs: 2, md: 4 }}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={200} radius="md" />
              ))}
            </Columns>
          ) : (team.data ?? []).length === 0 ? (
            <Text c="gray.7">Our committee will be introduced here soon.</Text>
          ) : (
            <Columns cols={{ base: 1, xs: 2, md: teamColumns }} spacing="lg">
              {(team.data ?? []).map((member) => (
                <Card key={member.id} withBorder radius="md" p="lg" data-testid="team-member">
                  <Stack align="center" gap={6} ta="center">
                    <Avatar
                      src={member.photo}
                      alt={member.photo ? `${member.first_name} ${member.last_name}` : undefined}
                      size={112}
                      radius={112}
                      color="blue.8"
                      variant="filled"
                    >
                      <span aria-hidden>{initialsOf(member)}</span>
                    </Avatar>
                    <Title order={3} fz="lg" mt="sm">
                      {member.first_name} {member.last_name}
                    </Title>
                    <Text c="gray.7">{member.position}</Text>
                  </Stack>
                </Card>
              ))}
            </Columns>
          )}
        </Container>
      </Box>

      {testimonials.length > 0 && (
        <Container component="section" aria-labelledby="testimonials-title" size="lg" py={48}>
          <Title order={2} id="testimonials-title" mb="lg">
            What our racers say
          </Title>
          <Columns cols={{ base: 1, md: 3 }} spacing="lg">
            {testimonials.map((t) => (
              <Blockquote
                key={t.key}
                color="blue.8"
                icon={<IconQuote size={22} aria-hidden />}
                iconSize={40}
                radius="md"
                cite={`— ${t.author}`}
                mt="lg"
              >
                {t.quote}
              </Blockquote>
            ))}
          </Columns>
        </Container>
      )}
    </>
  );
}

function BlockSkeleton() {
  return (
    <Stack gap="xs">
      <Skeleton h={14} />
      <Skeleton h={14} />
      <Skeleton h={14} w="60%" />
    </Stack>
  );
}
