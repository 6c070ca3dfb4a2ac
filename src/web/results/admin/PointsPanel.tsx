import { Alert, Button, Center, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pointsYears, RESULTS_MSG } from '../../../domain/results/index.ts';
import { ApiError, api } from '../../api/client.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { createRaceEvent, type RaceEvent, RESULTS_KEYS, seasonSettingsQuery } from '../api.ts';
import { ClubLogos } from '../ClubLogos.tsx';
import { SeasonResults } from '../ResultViews.tsx';
import { type ResultTab, SEASON } from '../view.ts';
import { ClubWork, type Draft } from './ClubWork.tsx';
import { explainServerFault, openFailure } from './points-failure.ts';
import { SettingsForm } from './SettingsForm.tsx';

/** The year's race event, created ('Club Race {year}', draft) the first time the year is opened;
 * a creation that meets another administrator's reads theirs. */
async function loadOrCreate(year: number): Promise<RaceEvent> {
  const list = () => api.get<RaceEvent[]>(`/race-events/?year=${year}`, { auth: true });
  const [found] = await list();
  if (found) return found;
  try {
    return await createRaceEvent(year);
  } catch (error) {
    const [again] = error instanceof ApiError && error.status === 409 ? await list() : [];
    if (again) return again;
    throw error;
  }
}

/**
 * Points Calculations (doc 3 §2, super administrators): a year, its clubs (greyed without data,
 * still chosen here to upload), a club's file → raw rows → calculate → result tabs, the season
 * totals, and the season's points settings.
 */
export function PointsPanel() {
  const current = new Date().getFullYear();
  const years = pointsYears(current);
  const { code } = useAssociation();
  const [year, setYear] = useState(current);
  const [chosen, setChosen] = useState<string | null>(null);
  const [tab, setTab] = useState<ResultTab>('categories');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const event = useQuery({
    queryKey: [...RESULTS_KEYS.events('admin', year), 'open'],
    // a server fault is explained when it can be (a database behind the code: 'Database schema error')
    queryFn: () =>
      loadOrCreate(year).catch(async (error: unknown) => {
        throw await explainServerFault(error);
      }),
    retry: 1,
  });
  const counting = useQuery(seasonSettingsQuery('admin', year)).data?.counting_races ?? 4;
  const clubs = event.data?.club_results ?? [];
  const hasData = clubs.some((c) => c.points_calculated);
  const club = clubs.find((c) => c.club_id === chosen) ?? null;
  const draftKey = `${year}:${chosen}`;

  return (
    <Stack gap="md">
      <Title order={2}>Points Calculations</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group align="flex-end">
            <Select
              label="Year"
              w={140}
              data={years.map(String)}
              value={String(year)}
              allowDeselect={false}
              onChange={(v) => {
                if (!v) return;
                setYear(Number(v));
                setChosen(null);
              }}
            />
          </Group>
          {event.isPending && (
            <Center py="md" role="status">
              <Group gap="sm">
                <Loader size="sm" aria-hidden />
                <Text c="dimmed">Loading {year}…</Text>
              </Group>
            </Center>
          )}
          {event.isError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={openFailure(event.error)}>
              <Button size="xs" variant="outline" color="red" mt="xs" onClick={() => void event.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          {event.data && (
            <ClubLogos
              clubs={clubs}
              selected={chosen}
              onSelect={setChosen}
              seasonCode={code}
              seasonLabel={`${code} Season Totals ${year}`}
              seasonEnabled={hasData}
              noDataText={`No data for ${year}`}
              greyedClickable
            />
          )}
        </Stack>
      </Paper>
      {event.data && club && (
        <ClubWork
          key={draftKey}
          event={event.data}
          club={club}
          code={code}
          draft={drafts[draftKey] ?? null}
          onDraft={(draft) =>
            setDrafts(({ [draftKey]: _old, ...rest }) => (draft ? { ...rest, [draftKey]: draft } : rest))
          }
          tab={tab}
          onTab={setTab}
          counting={counting}
        />
      )}
      {event.data && chosen === SEASON && (
        <Stack gap="md">
          <Title order={3}>
            {code} Season Totals {year}
          </Title>
          {hasData ? (
            <SeasonResults
              side="admin"
              year={year}
              tab={tab}
              onTab={setTab}
              counting={counting}
              emptyClubPoints={RESULTS_MSG.noClubPoints}
            />
          ) : (
            <Text c="gray.7">{RESULTS_MSG.noData}</Text>
          )}
        </Stack>
      )}
      {event.data && !chosen && (
        <Text c="gray.7">{hasData ? 'Choose a club, or the season totals.' : RESULTS_MSG.noData}</Text>
      )}
      {event.data && <SettingsForm year={year} />}
    </Stack>
  );
}
