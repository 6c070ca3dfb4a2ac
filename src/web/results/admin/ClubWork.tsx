import { Alert, Button, EmptyState, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalculator, IconInbox, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  duplicateMessage,
  duplicateRacers,
  type ParsedResults,
  RESULTS_MSG,
  rowsToFix,
  uploadRows,
} from '../../../domain/results/index.ts';
import { openConfirm } from '../../ui/confirm.ts';
import { toast } from '../../ui/toast.ts';
import { type ClubResult, deleteClubData, type RaceEvent, RESULTS_KEYS, uploadResults } from '../api.ts';
import { ClubRaceResults } from '../ResultViews.tsx';
import type { ResultTab } from '../view.ts';
import { type DraftRow, RawTable } from './RawTable.tsx';
import { refusalLines } from './refusal.ts';
import { SkippedLines, UploadModal } from './UploadModal.tsx';

/** A file read in the browser and not yet calculated. */
export interface Draft {
  fileName: string;
  threeRuns: boolean;
  rows: DraftRow[];
  skipped: ParsedResults['skipped'];
  /** A timing file's rows not matched to a racer (in `rows`, to correct or delete). */
  unmatched: NonNullable<ParsedResults['unmatched']>;
}

export function draftOf(parsed: ParsedResults, fileName: string): Draft {
  return {
    fileName,
    threeRuns: parsed.threeRuns,
    rows: parsed.rows.map(({ problems: _problems, ...row }, key) => ({ ...row, key })),
    skipped: parsed.skipped,
    unmatched: parsed.unmatched ?? [],
  };
}

/**
 * One club's results for the year in the Points panel: upload a file, correct its rows, calculate
 * (the server re-validates and recomputes), then the three result tabs; or delete the club's data
 * for the year after a confirmation.
 */
export function ClubWork({
  event,
  club,
  code,
  draft,
  onDraft,
  tab,
  onTab,
  counting,
}: {
  event: RaceEvent;
  club: ClubResult;
  code: string;
  draft: Draft | null;
  onDraft: (draft: Draft | null) => void;
  tab: ResultTab;
  onTab: (tab: ResultTab) => void;
  counting: number;
}) {
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [calculating, setCalculating] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; lines: string[] } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: RESULTS_KEYS.all });

  const calculate = async () => {
    if (!draft) return;
    setRefusal(null);
    const results = uploadRows(draft.rows.map(({ key: _key, ...row }) => row));
    if (results.length === 0) return setRefusal({ title: RESULTS_MSG.nothingToCalculate, lines: [] });
    // rows the raw table marks are said as a count, not sent to be refused line by line
    const toFix = rowsToFix(results, code);
    if (toFix > 0) return setRefusal({ title: RESULTS_MSG.rowsToFix(toFix), lines: [] });
    setCalculating(true);
    try {
      const answer = await uploadResults(event.id, {
        club_id: club.club_id,
        club_name: club.club_name,
        year: event.year,
        three_runs: draft.threeRuns,
        results,
      });
      toast.admin('success', answer.message);
      // the club's earlier tables are dropped, not shown stale while the new ones load
      for (const view of ['categories', 'overall', 'clubs']) {
        client.removeQueries({ queryKey: RESULTS_KEYS.race('admin', event.id, view, club.club_id) });
      }
      onDraft(null);
      await refresh();
    } catch (error) {
      setRefusal({ title: RESULTS_MSG.calculateFailed, lines: refusalLines(error, results) });
    } finally {
      setCalculating(false);
    }
  };

  const remove = () =>
    openConfirm({
      title: 'Delete club data',
      children: (
        <Text size="sm">
          Delete every {club.club_name} result for {event.year}? The points of the season are recalculated without them.
          This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete club data', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const answer = await deleteClubData(event.id, club.club_id);
          toast.admin('success', answer.message);
          await refresh();
        } catch {
          toast.admin('error', RESULTS_MSG.deleteClubFailed);
        }
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={3}>
          {club.club_name} ({club.club_id}) {event.year}
        </Title>
        <Group gap="sm">
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
            Upload CSV
          </Button>
          {club.points_calculated && (
            <Button variant="outline" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
              Delete club data
            </Button>
          )}
        </Group>
      </Group>
      <UploadModal
        opened={uploading}
        raceEventId={event.id}
        clubId={club.club_id}
        clubName={club.club_name}
        year={event.year}
        code={code}
        onClose={() => setUploading(false)}
        onParsed={(parsed, fileName) => {
          setRefusal(null);
          onDraft(draftOf(parsed, fileName));
        }}
      />
      {refusal && (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={refusal.title}>
          {refusal.lines.length > 0 && (
            <List size="sm" spacing={2}>
              {refusal.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {draft ? (
        <Stack gap="sm">
          <Text size="sm">
            {draft.fileName}: {draft.rows.length} row{draft.rows.length === 1 ? '' : 's'},{' '}
            {draft.threeRuns ? 'three runs' : 'two runs'}. Correct any row, then calculate the points
            {club.points_calculated
              ? ` (this replaces the ${club.club_id} results already kept for ${event.year})`
              : ''}
            .
          </Text>
          <DuplicateRacers rows={draft.rows} code={code} />
          <UnmatchedRows unmatched={draft.unmatched} />
          <RawTable
            rows={draft.rows}
            threeRuns={draft.threeRuns}
            code={code}
            onChange={(rows) => onDraft({ ...draft, rows })}
          />
          <SkippedLines skipped={draft.skipped} />
          <Group>
            <Button
              leftSection={<IconCalculator size={16} aria-hidden />}
              onClick={() => void calculate()}
              loading={calculating}
            >
              Calculate points
            </Button>
            <Button variant="default" onClick={() => onDraft(null)} disabled={calculating}>
              Discard file
            </Button>
          </Group>
        </Stack>
      ) : club.points_calculated ? (
        <ClubRaceResults
          side="admin"
          eventId={event.id}
          clubId={club.club_id}
          tab={tab}
          onTab={onTab}
          counting={counting}
          emptyClubPoints={RESULTS_MSG.noClubPoints}
        />
      ) : (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconInbox aria-hidden />}
          withIndicatorBackground
          title={RESULTS_MSG.noData}
        />
      )}
    </Stack>
  );
}

/** Racer numbers on more than one row, said before Calculate (the server refuses them then). */
function DuplicateRacers({ rows, code }: { rows: readonly DraftRow[]; code: string }) {
  const duplicates = duplicateRacers(rows);
  if (duplicates.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} title="Correct these rows before calculating">
      <List size="sm" spacing={2}>
        {duplicates.map((d) => (
          <List.Item key={d.racerId}>{duplicateMessage(code, d)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** A timing file's rows no racer matched: in the table to correct (racer number, gender, club,
 * category) or delete; said here with why. */
function UnmatchedRows({ unmatched }: { unmatched: Draft['unmatched'] }) {
  if (unmatched.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertCircle aria-hidden />}
      title={`${unmatched.length} row${unmatched.length === 1 ? ' was' : 's were'} not matched to a racer: correct or delete ${unmatched.length === 1 ? 'it' : 'them'} below`}
      data-testid="unmatched-rows"
    >
      <List size="sm" spacing={2}>
        {unmatched.map((u) => (
          <List.Item key={u.line}>
            Line {u.line}: {u.reason}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
