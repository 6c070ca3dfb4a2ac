import { Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { type ParsedResults, parseResultsFile, RESULTS_MSG } from '../../../domain/results/index.ts';
import { type ColumnMapping, readTimingFile } from '../../../domain/start-lists/race-horology.ts';
import { serverMessage } from '../../api/server-error.ts';
import { startListsApi } from '../../start-lists/api.ts';
import { SegmentedStackedOnPhone } from '../../ui/StackedOnPhone.tsx';
import { mappingFor, parsedFromMatch, readTimingText, TimingMapping } from './TimingMapping.tsx';

type Format = 'spec' | 'raceHorology';

/** A results file of 2,000 rows is well under 1 MB; a bigger one is not a results file, and
 * reading it would hold up the browser. */
const MAX_FILE_MB = 5;

/** Reads a chosen file as text; a failed read is 'Error reading file.' (doc 3 §8). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error(RESULTS_MSG.fileReadError));
    reader.readAsText(file);
  });
}

/**
 * The CSV upload modal (doc 3 §2, §5): a .csv only ('Please upload a CSV file'), parsed in the
 * browser by the same parser the server trusts no further than its rules; a file that gives no
 * row is 'No valid data found in file'. The parsed rows go to the raw table; nothing is sent yet.
 */
export function UploadModal({
  opened,
  raceEventId,
  clubId,
  clubName,
  year,
  code,
  onClose,
  onParsed,
}: {
  opened: boolean;
  raceEventId: number;
  clubId: string;
  clubName: string;
  year: number;
  code: string;
  onClose: () => void;
  onParsed: (parsed: ParsedResults, fileName: string) => void;
}) {
  const [format, setFormat] = useState<Format>('spec');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a Race Horology export: its text, header and the column mapping being chosen
  const [timing, setTiming] = useState<{ text: string; header: string[]; mapping: ColumnMapping } | null>(null);
  const close = () => {
    setFile(null);
    setError(null);
    setTiming(null);
    onClose();
  };
  const tooBig = (f: File) => f.size > MAX_FILE_MB * 1024 * 1024;
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setTiming(null);
    setError(chosen && !chosen.name.toLowerCase().endsWith('.csv') ? RESULTS_MSG.notCsv : null);
    if (!chosen || format !== 'raceHorology' || !chosen.name.toLowerCase().endsWith('.csv')) return;
    if (tooBig(chosen)) return setError(RESULTS_MSG.fileTooLarge(MAX_FILE_MB));
    try {
      const text = await readTimingText(chosen);
      setTiming({ text, ...mappingFor(text, 0) });
    } catch {
      setError(RESULTS_MSG.fileReadError);
    }
  };
  const remap = (mapping: ColumnMapping) => {
    if (!timing) return;
    if (mapping.skipLines !== timing.mapping.skipLines)
      setTiming({ text: timing.text, ...mappingFor(timing.text, mapping.skipLines) });
    else setTiming({ ...timing, mapping });
  };
  const readRaceHorology = async (fileName: string) => {
    if (!timing) return setError(RESULTS_MSG.fileReadError);
    const read = readTimingFile(timing.text, timing.mapping, code);
    if (read.error) return setError(read.error);
    try {
      const matched = await startListsApi.matchTimingRows(raceEventId, {
        club_id: clubId,
        three_runs: read.threeRuns,
        rows: read.rows,
      });
      if (matched.rows.length === 0) return setError(`${RESULTS_MSG.noValidData}: no row matched a racer`);
      onParsed(parsedFromMatch(read, matched, code), fileName);
      close();
    } catch (e) {
      setError(serverMessage(e, RESULTS_MSG.fileReadError));
    }
  };
  const read = async () => {
    if (!file) return setError(RESULTS_MSG.notCsv);
    if (!file.name.toLowerCase().endsWith('.csv')) return setError(RESULTS_MSG.notCsv);
    if (tooBig(file)) return setError(RESULTS_MSG.fileTooLarge(MAX_FILE_MB));
    setBusy(true);
    try {
      if (format === 'raceHorology') return await readRaceHorology(file.name);
      const parsed = parseResultsFile(await readText(file), code);
      if (parsed.error) return setError(parsed.error);
      onParsed(parsed, file.name);
      close();
    } catch {
      setError(RESULTS_MSG.fileReadError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Upload ${clubName} results for ${year}`}
      centered
      size={timing ? 'lg' : 'md'}
    >
      <Stack gap="md">
        <SegmentedStackedOnPhone
          aria-label="File format"
          value={format}
          onChange={(v) => {
            setFormat(v as Format);
            setFile(null);
            setTiming(null);
            setError(null);
          }}
          data={[
            { value: 'spec', label: 'Results file (two header rows)' },
            { value: 'raceHorology', label: 'Race Horology export' },
          ]}
          fullWidth
        />
        <Text size="sm">
          {format === 'spec'
            ? 'Choose the results file from the timing software (.csv). You can check and correct the rows before the points are calculated.'
            : `Choose Race Horology's CSV export. Racers are matched by bib (the start list of the event linked to ${clubId} ${year}) and ${code} ID; their name, gender, club and category come from their records.`}
        </Text>
        <FileInput
          label="Results file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(f) => void choose(f)}
          error={error}
          clearable
        />
        {format === 'raceHorology' && timing && (
          <TimingMapping header={timing.header} mapping={timing.mapping} code={code} onChange={remap} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void read()} loading={busy} disabled={!file}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The lines the parser passed over, with why (shown under the raw table). */
export function SkippedLines({ skipped }: { skipped: ParsedResults['skipped'] }) {
  if (skipped.length === 0) return null;
  return (
    <Stack gap={4} data-testid="skipped-lines">
      <Text size="sm" fw={600}>
        {skipped.length} line{skipped.length === 1 ? ' was' : 's were'} skipped:
      </Text>
      <List size="sm" spacing={2}>
        {skipped.slice(0, 50).map((s) => (
          <List.Item key={s.line}>
            Line {s.line}: {s.reason}
          </List.Item>
        ))}
      </List>
      {skipped.length > 50 && <Text size="sm">…and {skipped.length - 50} more.</Text>}
    </Stack>
  );
}
