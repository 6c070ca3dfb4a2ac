import { Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ParsedResults } from '../../../domain/results/index.ts';
import { rowProblems } from '../../../domain/results/rows.ts';
import {
  type ColumnMapping,
  defaultMapping,
  headerOf,
  MAPPING_FIELDS,
  MAPPING_LABELS,
  type MappedFile,
} from '../../../domain/start-lists/race-horology.ts';
import type { startListsApi } from '../../start-lists/api.ts';

/** The file's text: UTF-8 when it is valid UTF-8 (a byte-order mark dropped), else Windows-1252,
 * the other encoding Race Horology's CSV export writes (Export.cs, CsvExport). */
export async function readTimingText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The mapping a file's header gives by Race Horology's own names, after `skipLines` lines. */
export function mappingFor(text: string, skipLines: number): { mapping: ColumnMapping; header: string[] } {
  const header = headerOf(text, skipLines)?.header ?? [];
  return { mapping: defaultMapping(header, skipLines), header };
}

type Matched = Awaited<ReturnType<typeof startListsApi.matchTimingRows>>;

/** The rows as the raw table takes a parsed file, each with its problems: the matched ones, and
 * the unmatched ones as the file gives them (to correct or delete, listed with why); lines not read
 * are listed as skipped. Nothing is dropped silently. */
export function parsedFromMatch(read: MappedFile, matched: Matched, code: string): ParsedResults {
  const rows = [...matched.rows, ...matched.unmatched.map((u) => u.row)].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return {
    rows: rows.map((row) => ({ ...row, line: row.line ?? 0, problems: rowProblems(row, code) })),
    threeRuns: read.threeRuns,
    skipped: read.skipped,
    error: null,
    unmatched: matched.unmatched.map(({ line, reason }) => ({ line, reason })),
  };
}

/**
 * The column mapping step (docs/decisions/0049): header lines to skip, and which column holds
 * each field, filled from Race Horology's export names (StartNumber, CodeOrId, Fullname,
 * Runtime_N and Resultcode_N, Totaltime).
 */
export function TimingMapping({
  header,
  mapping,
  code,
  onChange,
}: {
  header: string[];
  mapping: ColumnMapping;
  code: string;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const options = [
    { value: '', label: 'Not in the file' },
    ...header.filter(Boolean).map((h) => ({ value: h, label: h })),
  ];
  return (
    <Stack gap="sm" data-testid="column-mapping">
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Header lines to skip"
          description="Lines above the column names"
          value={mapping.skipLines}
          min={0}
          max={50}
          allowDecimal={false}
          w={200}
          onChange={(v) => onChange({ ...mapping, skipLines: typeof v === 'number' && v >= 0 ? Math.min(v, 50) : 0 })}
        />
        <Text size="sm" c="dimmed">
          {header.length ? `${header.length} columns found` : 'No column names found after the lines skipped'}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        {MAPPING_FIELDS.map((field) => (
          <Select
            key={field}
            label={MAPPING_LABELS[field](code)}
            data={options}
            value={mapping.columns[field]}
            allowDeselect={false}
            onChange={(v) => onChange({ ...mapping, columns: { ...mapping.columns, [field]: v ?? '' } })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
