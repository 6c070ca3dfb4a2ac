import '@mantine/dropzone/styles.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { TEAMS_MSG } from '../../../domain/teams/index.ts';
import { useAssociation } from '../../ui/useAssociation.ts';

/** A file of seed points is a few kilobytes; a bigger one is not a seed file. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * The seed upload dialog (doc 3 §2): the race and its date, a drop area that also opens the file
 * browser (.csv), the error line, Cancel and Upload ('Loading...' while it works). Closing it
 * forgets the file and the error (doc 3 §4).
 */
export function UploadDialog({
  opened,
  race,
  onClose,
  onUpload,
}: {
  opened: boolean;
  race: { name: string; date: string } | null;
  onClose: () => void;
  /** Reads and matches the file; answers the error line's text, or null when done. */
  onUpload: (file: File) => Promise<string | null>;
}) {
  const { code } = useAssociation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };
  const choose = (files: File[]) => {
    const chosen = files[0] ?? null;
    setFile(chosen);
    setError(chosen && !chosen.name.toLowerCase().endsWith('.csv') ? TEAMS_MSG.notCsv : null);
  };
  const upload = async () => {
    if (!race || !file) return setError(TEAMS_MSG.raceAndFile);
    if (!file.name.toLowerCase().endsWith('.csv')) return setError(TEAMS_MSG.notCsv);
    if (file.size > MAX_BYTES) return setError(TEAMS_MSG.noData);
    setBusy(true);
    try {
      const problem = await onUpload(file);
      if (problem) setError(problem);
      else close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Upload Seed Point CSV" centered>
      <Stack gap="md">
        {race && (
          <Text size="sm">
            Race: <strong>{race.name}</strong> on <strong>{race.date}</strong>
          </Text>
        )}
        <Dropzone
          onDrop={choose}
          onReject={() => setError(TEAMS_MSG.notCsv)}
          multiple={false}
          accept={{ 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv'] }}
          aria-label="Seed point file: drop a .csv file here or click to browse"
        >
          <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
            <IconFileTypeCsv size={36} aria-hidden />
            <div>
              <Text fw={600}>{file ? file.name : 'Drop the .csv file here, or click to browse'}</Text>
              <Text size="sm" c="dimmed">
                {code} ID and points on each line
              </Text>
            </div>
          </Group>
        </Dropzone>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void upload()} disabled={busy}>
            {busy ? 'Loading...' : 'Upload'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
