import { Card, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { TEAMS_MSG, type Team, type TeamMember, type TeamParticipant } from '../../../domain/teams/index.ts';
import { PlainTable } from '../../ui/PlainTable.tsx';

export interface Generated {
  teams: Team[];
  clubs: { club: string; members: TeamMember[] }[];
  specialised: { key: string; label: string; clubs: { club: string; members: TeamParticipant[] }[] }[];
}

function MemberTable({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <PlainTable label={label} head={head} compact>
      {rows.map((r) => (
        <tr key={r.join('|')}>
          {r.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
            <td key={i}>{c}</td>
          ))}
        </tr>
      ))}
    </PlainTable>
  );
}

/** The three tabs after generation (doc 3 §2), Teams first. */
export function TeamResults({ generated }: { generated: Generated }) {
  return (
    // only the open tab is drawn: the three together are ~500 rows for 88 Heroes
    <Tabs defaultValue="teams" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="teams">Teams</Tabs.Tab>
        <Tabs.Tab value="clubs">Clubs</Tabs.Tab>
        <Tabs.Tab value="specialised">Specialized Teams</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="teams">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {generated.teams.map((t) => (
            <Card key={t.number} withBorder radius="md" data-testid="team-card">
              <Title order={4}>{t.name}</Title>
              <Text size="sm" c="dimmed" mb="xs">
                {t.members.length} members · average {t.average.toFixed(2)} points
              </Text>
              <MemberTable
                label={t.name}
                head={['Pos', 'Name', 'Course Type', 'Club', 'Points']}
                rows={t.members.map((m) => [m.position, m.name, m.courseType, m.club, m.points.toFixed(2)])}
              />
            </Card>
          ))}
        </SimpleGrid>
      </Tabs.Panel>
      <Tabs.Panel value="clubs">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {generated.clubs.map((c) => (
            <Card key={c.club} withBorder radius="md">
              <Title order={4}>
                {c.club || '–'} ({c.members.length} members)
              </Title>
              <MemberTable
                label={`Club ${c.club}`}
                head={['Pos', 'Name', 'Team', 'Course Type', 'Points']}
                rows={c.members.map((m) => [m.position, m.name, m.teamName, m.courseType, m.points.toFixed(2)])}
              />
            </Card>
          ))}
        </SimpleGrid>
      </Tabs.Panel>
      <Tabs.Panel value="specialised">
        <Stack gap="md">
          {generated.specialised.map((s) => (
            <Card key={s.key} withBorder radius="md">
              <Title order={4}>{s.label}</Title>
              {s.clubs.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {TEAMS_MSG.noFlagMembers(s.label)}
                </Text>
              ) : (
                s.clubs.map((c) => (
                  <div key={c.club}>
                    <Text fw={600} size="sm" mt="xs">
                      {c.club || '–'}
                    </Text>
                    <MemberTable
                      label={`${s.label}, ${c.club}`}
                      head={['Name', 'Course Type', 'Points']}
                      rows={c.members.map((m) => [m.name, m.courseType, m.points.toFixed(2)])}
                    />
                  </div>
                ))
              )}
            </Card>
          ))}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
