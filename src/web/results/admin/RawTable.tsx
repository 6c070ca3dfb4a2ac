import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  computedTime,
  type ResultField,
  type ResultRow,
  type RowProblems,
  rowProblems,
  settleRow,
} from '../../../domain/results/index.ts';
import { openConfirm } from '../../ui/confirm.ts';

export interface DraftRow extends ResultRow {
  /** The row's place in the draft: stable across edits and deletions. */
  key: number;
}

const FIELDS: { field: ResultField; label: (code: string) => string }[] = [
  { field: 'racer_id', label: (code) => `${code} ID` },
  { field: 'name', label: () => 'Name' },
  { field: 'club', label: () => 'Club' },
  { field: 'gender', label: () => 'Gender' },
  { field: 'cat', label: () => 'Cat' },
  { field: 'run_1', label: () => 'Run 1' },
  { field: 'run_2', label: () => 'Run 2' },
  { field: 'run_3', label: () => 'Run 3' },
];

/**
 * A row being corrected: changing a run recomputes the time (doc 3 §5's rules, shown as they
 * apply); typing the time itself marks it manual (decisions.md), and it must then be a time or
 * DNF/DNS/DSQ. Clearing the time goes back to the computed one.
 */
function RowEditor({
  row,
  threeRuns,
  code,
  onCancel,
  onSave,
}: {
  row: DraftRow;
  threeRuns: boolean;
  code: string;
  onCancel: () => void;
  onSave: (row: DraftRow) => void;
}) {
  const [draft, setDraft] = useState<DraftRow>(row);
  const [problems, setProblems] = useState<RowProblems>({});
  const fields = FIELDS.filter((f) => threeRuns || f.field !== 'run_3');
  const set = (field: ResultField, value: string) => {
    setProblems((p) => ({ ...p, [field]: undefined }));
    setDraft((d) => {
      if (field === 'time') return { ...d, time: value, manual_time: value.trim() !== '' };
      const next = { ...d, [field]: value };
      return next.manual_time ? next : { ...next, time: computedTime(next, threeRuns) };
    });
  };
  const save = () => {
    const candidate = draft.manual_time ? draft : { ...draft, time: computedTime(draft, threeRuns) };
    const found = rowProblems(candidate, code);
    if (Object.keys(found).length > 0) return setProblems(found);
    onSave({ ...settleRow(candidate, threeRuns), key: row.key });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {fields.map(({ field, label }) => (
          <TextInput
            key={field}
            label={label(code)}
            value={draft[field]}
            onChange={(e) => set(field, e.currentTarget.value)}
            error={problems[field]}
            maxLength={120}
          />
        ))}
        <TextInput
          label="Time"
          description={draft.manual_time ? 'Typed by hand: kept as it is' : 'Computed from the runs'}
          value={draft.time}
          onChange={(e) => set('time', e.currentTarget.value)}
          error={problems.time}
          maxLength={20}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={save}>Save row</Button>
      </Group>
    </Stack>
  );
}

/** The raw rows of the file (doc 3 §2): each editable, each deletable after a confirmation; a row
 * with a problem says what it is. */
export function RawTable({
  rows,
  threeRuns,
  code,
  onChange,
}: {
  rows: DraftRow[];
  threeRuns: boolean;
  code: string;
  onChange: (rows: DraftRow[]) => void;
}) {
  const [editing, setEditing] = useState<DraftRow | null>(null);
  const columns = FIELDS.filter((f) => threeRuns || f.field !== 'run_3');
  const remove = (row: DraftRow) =>
    openConfirm({
      title: 'Delete row',
      children: (
        <Text size="sm">
          Delete the row for {row.name || 'this racer'} ({row.racer_id || 'no number'})? It will not be sent when the
          points are calculated.
        </Text>
      ),
      labels: { confirm: 'Delete row', cancel: 'Cancel' },
      onConfirm: () => onChange(rows.filter((r) => r.key !== row.key)),
    });
  // a Race Horology import keeps its own status texts beside the normalised runs (decisions/0049)
  const timingTexts = rows.some((r) => r.original);
  return (
    <>
      <Table.ScrollContainer minWidth={900} type="native" mah={560}>
        <Table striped withTableBorder stickyHeader fz="sm" verticalSpacing={4} aria-label="Raw results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.field} scope="col">
                  {c.label(code)}
                </Table.Th>
              ))}
              <Table.Th scope="col">Time</Table.Th>
              {timingTexts && <Table.Th scope="col">Timing status</Table.Th>}
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const problems = Object.values(rowProblems(row, code));
              return (
                <Table.Tr key={row.key} data-testid="raw-row" bg={problems.length ? 'red.0' : undefined}>
                  <Table.Td>{row.line ?? '–'}</Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.field}>{row[c.field]}</Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {row.time}
                      {row.manual_time && (
                        <Badge size="xs" variant="light" color="grape">
                          edited
                        </Badge>
                      )}
                    </Group>
                    {problems.length > 0 && (
                      <Text size="xs" c="red.8">
                        {problems.join('; ')}
                      </Text>
                    )}
                  </Table.Td>
                  {timingTexts && <Table.Td>{row.original}</Table.Td>}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit row ${row.line ?? ''} ${row.name}`.replace(/\s+/g, ' ')}
                        onClick={() => setEditing(row)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        aria-label={`Delete row ${row.line ?? ''} ${row.name}`.replace(/\s+/g, ' ')}
                        onClick={() => remove(row)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit row" size="lg" centered>
        {editing && (
          <RowEditor
            row={editing}
            threeRuns={threeRuns}
            code={code}
            onCancel={() => setEditing(null)}
            onSave={(saved) => {
              onChange(rows.map((r) => (r.key === saved.key ? saved : r)));
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </>
  );
}
