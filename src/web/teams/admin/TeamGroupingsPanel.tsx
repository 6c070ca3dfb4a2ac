import { Alert, Button, EmptyState, Group, List, Paper, Select, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconInbox, IconPrinter, IconUpload, IconUsersGroup } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { londonToday } from '../../../domain/dates.ts';
import {
  dealTeams,
  generationProblems,
  parseSeedFile,
  setupFor,
  specialisedTeams,
  TEAMS_MSG,
  type TeamFlag,
  teamParticipants,
  teamsByClub,
  teamsCsv,
  teamsCsvName,
} from '../../../domain/teams/index.ts';
import { serverMessage } from '../../api/server-error.ts';
import { productsQuery } from '../../events/api.ts';
import { BOOKED_KEYS, bookedApi } from '../../people/admin/booked-api.ts';
import { saveCsv } from '../../ui/download.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { ParticipantsTable } from './ParticipantsTable.tsx';
import { printDocument } from './print.ts';
import { SetupSummary } from './SetupSummary.tsx';
import { flagSets, loadChosenRace, loadSelection, type Selection, saveChosenRace, saveSelection } from './selection.ts';
import { type Generated, TeamResults } from './TeamResults.tsx';
import { UploadDialog } from './UploadDialog.tsx';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** After 'Failed to process the file: ' when the race's booked participants could not be read: the
 * server's words when it sent some, never a status text ('Internal Server Error', 'Failed to fetch'). */
const NOT_LOADED = "the race's booked participants could not be loaded. Please try again.";

/**
 * Team Groupings (doc 3 §2, super administrators): a race, its seed file matched to its booked
 * participants, the Heroes and the specialised teams ticked, the teams named, then the teams
 * generated in the browser by the dealing rule, with the CSV and the print view. The selection is
 * kept in the browser for the race (issue 11).
 */
export function TeamGroupingsPanel() {
  const { code } = useAssociation();
  const client = useQueryClient();
  const products = useQuery(productsQuery);
  const races = useMemo(
    () => (products.data ?? []).filter((p) => p.event_type === 'race').sort((a, b) => a.date.localeCompare(b.date)),
    [products.data],
  );
  const [raceId, setRaceId] = useState<number | null>(() => loadChosenRace());
  const race = races.find((r) => r.id === raceId) ?? null;
  const [selection, setSelection] = useState<Selection>(() => (raceId ? loadSelection(raceId) : loadSelection(0)));
  const [uploading, setUploading] = useState(false);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [generating, setGenerating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The lines of the file just read that were not used, each with why (not kept on reload). */
  const [skipped, setSkipped] = useState<{ line: number; reason: string }[]>([]);
  const booked = useQuery({
    queryKey: BOOKED_KEYS.participants(raceId ?? 0),
    queryFn: ({ signal }) => bookedApi.participants(raceId ?? 0, signal),
    enabled: raceId !== null && selection.seeds.length > 0,
  });
  useEffect(() => {
    if (booked.isError) console.error('Failed to load booked participants', booked.error);
  }, [booked.isError, booked.error]);

  const currentYear = new Date().getFullYear();
  const participants = useMemo(
    () => (booked.data && selection.seeds.length ? teamParticipants(booked.data, selection.seeds, currentYear) : []),
    [booked.data, selection.seeds, currentYear],
  );
  const heroes = participants.filter((p) => selection.flags.heroes.includes(p.bookingId));
  const problems = generationProblems(heroes.length, selection.names);
  const setup = setupFor(heroes.length);

  const change = useCallback(
    (next: Selection) => {
      setSelection(next);
      if (raceId) saveSelection(raceId, next);
      setGenerated(null);
    },
    [raceId],
  );
  const choose = (value: string | null) => {
    const id = value ? Number(value) : null;
    setRaceId(id);
    saveChosenRace(id);
    setSelection(loadSelection(id ?? 0));
    setGenerated(null);
    setFailure(null);
    setSkipped([]);
  };
  // kept the same between renders while the selection is, so the participants table (88 rows of
  // five checkboxes) is not drawn again when the teams are generated
  const toggle = useCallback(
    (flag: TeamFlag, bookingId: number, on: boolean) => {
      const list = selection.flags[flag].filter((id) => id !== bookingId);
      change({ ...selection, flags: { ...selection.flags, [flag]: on ? [...list, bookingId] : list } });
    },
    [selection, change],
  );
  const rename = (index: number, name: string) => {
    const names = [...selection.names];
    names[index] = name;
    change({ ...selection, names });
  };

  const upload = async (file: File): Promise<string | null> => {
    if (!race) return TEAMS_MSG.raceAndFile;
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      return TEAMS_MSG.readError(message(error));
    }
    let people: Awaited<ReturnType<typeof bookedApi.participants>>;
    try {
      people = await bookedApi.participants(race.id);
    } catch (error) {
      return TEAMS_MSG.processFailed(serverMessage(error, NOT_LOADED));
    }
    try {
      if (people.length === 0) return TEAMS_MSG.noBooked;
      const { rows, skipped: passedOver } = parseSeedFile(text);
      if (rows.length === 0) return TEAMS_MSG.noData;
      setSkipped(passedOver);
      client.setQueryData(BOOKED_KEYS.participants(race.id), people);
      change({ ...selection, seeds: rows });
      return null;
    } catch (error) {
      return TEAMS_MSG.processFailed(message(error));
    }
  };

  const generate = () => {
    setGenerating(true);
    setFailure(null);
    // let 'Generating Teams...' paint before the work
    setTimeout(() => {
      try {
        const teams = dealTeams(heroes, selection.names.slice(0, setup?.teams ?? 0));
        const flags = flagSets(selection.flags);
        setGenerated({ teams, clubs: teamsByClub(teams), specialised: specialisedTeams(participants, flags) });
      } catch {
        setFailure(TEAMS_MSG.generateFailed);
      } finally {
        setGenerating(false);
      }
    }, 0);
  };
  const download = () => {
    if (!generated || !race) return;
    try {
      saveCsv(teamsCsv(generated), teamsCsvName(race.name, londonToday()));
    } catch {
      setFailure(TEAMS_MSG.downloadFailed);
    }
  };
  const print = () => {
    if (!generated || !race) return;
    const view = window.open('', '_blank');
    if (!view) return setFailure('The print view could not open: allow pop-ups for this site and try again.');
    view.document.write(printDocument(`${race.name} - ${race.date}: teams`, generated));
    view.document.close();
    view.focus();
    view.print();
  };

  return (
    <Stack gap="md">
      <Title order={2}>{code} Team Generation</Title>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end">
          <Select
            label="Race"
            placeholder={products.isPending ? 'Loading races…' : 'Choose a race'}
            data={races.map((r) => ({ value: String(r.id), label: `${r.name} - ${r.date}` }))}
            value={race ? String(race.id) : null}
            onChange={choose}
            searchable
            w={{ base: '100%', sm: 380 }}
            nothingFoundMessage="No race matches"
          />
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!race}
            onClick={() => setUploading(true)}
          >
            Upload Seed Point CSV
          </Button>
        </Group>
        {products.isError && (
          <Alert
            mt="sm"
            color="red"
            role="alert"
            icon={<IconAlertCircle aria-hidden />}
            title={TEAMS_MSG.loadRacesFailed}
          >
            <Button size="xs" variant="outline" color="red" onClick={() => void products.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </Paper>
      <UploadDialog opened={uploading} race={race} onClose={() => setUploading(false)} onUpload={upload} />
      {failure && <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={failure} />}
      {!race || selection.seeds.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconInbox aria-hidden />}
          withIndicatorBackground
          title={TEAMS_MSG.noSeedData}
        />
      ) : participants.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconInbox aria-hidden />}
          withIndicatorBackground
          title={booked.isPending ? 'Loading participants…' : TEAMS_MSG.noParticipants}
        />
      ) : (
        <>
          {skipped.length > 0 && (
            <Alert color="yellow" title={`${skipped.length} line${skipped.length === 1 ? ' was' : 's were'} not used`}>
              <List size="sm" spacing={2} data-testid="seed-skipped">
                {skipped.slice(0, 20).map((s) => (
                  <List.Item key={s.line}>
                    Line {s.line}: {s.reason}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <SetupSummary heroes={heroes.length} rows={participants.length} names={selection.names} onName={rename} />
          <ParticipantsTable participants={participants} selection={selection} code={code} onToggle={toggle} />
          {problems.length > 0 && heroes.length > 0 && (
            <List size="sm" c="orange.9" data-testid="generation-problems">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          )}
          <Group>
            <Button
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              disabled={problems.length > 0 || generating}
              onClick={generate}
            >
              {generating ? 'Generating Teams...' : 'Generate Teams'}
            </Button>
            {generated && (
              <>
                <Button variant="outline" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
                  Download Teams CSV
                </Button>
                <Button variant="outline" leftSection={<IconPrinter size={16} aria-hidden />} onClick={print}>
                  Print Teams
                </Button>
              </>
            )}
          </Group>
          {generated && <TeamResults generated={generated} />}
        </>
      )}
    </Stack>
  );
}
