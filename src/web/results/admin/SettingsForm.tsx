import { Accordion, Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_COUNTING_RACES, RESULTS_MSG } from '../../../domain/results/index.ts';
import { ApiError } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { RESULTS_KEYS, saveSeasonSettings, seasonSettingsQuery } from '../api.ts';

/** '100, 80, 60' → [100, 80, 60]; null when a value is not a number. */
function readTable(text: string): number[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const numbers = parts.map(Number);
  return numbers.every((n) => Number.isFinite(n)) ? numbers : null;
}

/**
 * The season's points settings (decisions.md): the points table by position and the number of
 * counting races, changed before calculating; the season is recalculated from them on read.
 */
export function SettingsForm({ year }: { year: number }) {
  const client = useQueryClient();
  const settings = useQuery(seasonSettingsQuery('admin', year));
  const [table, setTable] = useState('');
  const [counting, setCounting] = useState<number | string>(4);
  const [errors, setErrors] = useState<{ table?: string; counting?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    setTable(settings.data.points_table.join(', '));
    setCounting(settings.data.counting_races);
    setErrors({});
  }, [settings.data]);

  const save = async () => {
    const points = readTable(table);
    if (!points || points.length === 0) return setErrors({ table: RESULTS_MSG.pointsTableInvalid });
    setSaving(true);
    try {
      await saveSeasonSettings(year, { points_table: points, counting_races: Number(counting) });
      toast.admin('success', RESULTS_MSG.settingsSaved);
      await client.invalidateQueries({ queryKey: RESULTS_KEYS.all });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const first = (keys: string[]) => keys.flatMap((k) => fields[k] ?? [])[0];
      setErrors({
        table: first(Object.keys(fields).filter((k) => k.startsWith('points_table'))),
        counting: first(['counting_races']),
      });
      if (!Object.keys(fields).length) toast.admin('error', 'The settings could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Accordion variant="contained">
      <Accordion.Item value="settings">
        <Accordion.Control>Points settings for {year}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm">
              Points by position in a category (first place first; places beyond the table score 0), and how many races
              count towards a racer&apos;s season total.
            </Text>
            <Textarea
              label="Points table"
              autosize
              minRows={2}
              value={table}
              onChange={(e) => setTable(e.currentTarget.value)}
              error={errors.table}
              maxLength={2000}
            />
            <NumberInput
              label="Counting races"
              min={1}
              max={MAX_COUNTING_RACES}
              w={160}
              value={counting}
              onChange={setCounting}
              error={errors.counting}
              allowDecimal={false}
            />
            <Group>
              <Button onClick={() => void save()} loading={saving} disabled={!settings.data}>
                Save settings
              </Button>
            </Group>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
