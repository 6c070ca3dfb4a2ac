import { Alert, Button, Group, List, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../api/server-error.ts';
import { useProducts } from '../events/api.ts';
import { usePreflight } from './api.ts';

/**
 * The pre-flight check (issue 25): run before entries open, for the site and, when one is chosen,
 * an event; each line green, or red with the sentence saying what to fix.
 */
export function PreflightCheck() {
  const products = useProducts();
  const [eventId, setEventId] = useState<string | null>(null);
  const check = usePreflight();
  const options = (products.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.date})` }));
  return (
    <Stack gap="sm">
      <Group align="end">
        <Select
          label="Event (optional)"
          placeholder="The site only"
          data={options}
          value={eventId}
          onChange={setEventId}
          clearable
          searchable
          w={320}
        />
        <Button onClick={() => check.mutate(eventId === null ? null : Number(eventId))} loading={check.isPending}>
          Run the pre-flight check
        </Button>
      </Group>
      {check.isError && (
        <Alert color="red">{serverMessage(check.error, 'The pre-flight check could not be run.')}</Alert>
      )}
      {check.data && (
        <List spacing="xs" aria-label="Pre-flight check" listStyleType="none">
          {check.data.lines.map((line) => (
            <List.Item
              key={line.name}
              icon={
                <ThemeIcon
                  color={line.ok ? 'green' : 'red'}
                  size={22}
                  radius="xl"
                  aria-label={line.ok ? 'Fine' : 'To fix'}
                >
                  {line.ok ? <IconCheck size={14} /> : <IconX size={14} />}
                </ThemeIcon>
              }
            >
              <Text span fw={600}>
                {line.name}:
              </Text>{' '}
              <Text span>{line.text}</Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
