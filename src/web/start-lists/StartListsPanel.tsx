import { Alert, Button, Center, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { START_LIST_MSG } from '../../domain/start-lists/messages.ts';
import { useAssociation } from '../ui/useAssociation.ts';
import { useRaces, useStartList } from './api.ts';
import classes from './StartList.module.css';
import { StartListEditor } from './StartListEditor.tsx';
import { StartListSheet } from './StartListSheet.tsx';

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={START_LIST_MSG.loadFailed} role="alert">
      <Button size="xs" variant="outline" color="red.8" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

function EventStartList({ id, code }: { id: number; code: string }) {
  const list = useStartList(id);
  if (list.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the start list" />
      </Center>
    );
  if (list.isError) return <Failed onRetry={() => void list.refetch()} />;
  return (
    <Stack gap="lg">
      <StartListEditor list={list.data} />
      <StartListSheet list={list.data} code={code} />
    </Stack>
  );
}

/**
 * Start Lists (issue 27, docs/decisions/0048): choose a race event, link it to its club race,
 * allocate bibs, and see, print or download the start list (the CSV for Race Horology).
 */
export function StartListsPanel() {
  const { code } = useAssociation();
  const races = useRaces();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Title order={2} className={classes.screen}>
        Start Lists
      </Title>
      {races.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading race events" />
        </Center>
      ) : races.isError ? (
        <Failed onRetry={() => void races.refetch()} />
      ) : races.data.length === 0 ? (
        <Text c="dimmed">{START_LIST_MSG.noRaces}</Text>
      ) : (
        <Select
          className={classes.screen}
          label="Race event"
          placeholder="Choose a race"
          searchable
          data={races.data.map((r) => ({
            value: String(r.id),
            label: `${r.name} - ${r.date}${r.link ? ` (${r.link.results_club} ${r.link.results_year})` : ''}`,
          }))}
          value={selected}
          onChange={setSelected}
          w={{ base: '100%', sm: 460 }}
          nothingFoundMessage="No race matches"
        />
      )}
      {selected && <EventStartList key={selected} id={Number(selected)} code={code} />}
    </Stack>
  );
}
