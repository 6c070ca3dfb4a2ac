import { Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { type ParsedResults, parseResultsFile, RESULTS_MSG } from '../../../domain/results/index.ts';

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
  clubName,
  year,
  code,
  onClose,
  onParsed,
}: {
  opened: boolean;
  clubName: string;
  year: number;
  code: string;
  onClose: () => void;
  onParsed: (parsed: ParsedResults, fileName: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen && !chosen.name.toLowerCase().endsWith('.csv') ? RESULTS_MSG.notCsv : null);
  };
  const read = async () => {
    if (!file) return setError(RESULTS_MSG.notCsv);
    if (!file.name.toLowerCase().endsWith('.csv')) return setError(RESULTS_MSG.notCsv);
    if (file.size > MAX_FILE_MB * 1024 * 1024) return setError(RESULTS_MSG.fileTooLarge(MAX_FILE_MB));
    setBusy(true);
    try {
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
    <Modal opened={opened} onClose={close} title={`Upload ${clubName} results for ${year}`} centered>
      <Stack gap="md">
        <Text size="sm">
          Choose the results file from the timing software (.csv). You can check and correct the rows before the points
          are calculated.
        </Text>
        <FileInput
          label="Results file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={choose}
          error={error}
          clearable
        />
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
