import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { StartList } from './api.ts';
import { byCategory } from './model.ts';
import classes from './StartList.module.css';

/**
 * The start list (issue 27): one table per category (bib, racer number, name, gender, club,
 * category); printed alone (StartList.module.css). Entrants without a racer number are listed
 * apart: they cannot have a bib until they have one.
 */
export function StartListSheet({ list, code }: { list: StartList; code: string }) {
  const sections = byCategory(list.entries);
  return (
    <Stack gap="lg" className={classes.sheet} data-testid="start-list">
      <Title order={2} className={classes.sheetTitle}>
        {list.event.name} — start list
      </Title>
      {list.needing_number.length > 0 && (
        <Alert
          className={classes.screen}
          color="yellow"
          icon={<IconAlertCircle aria-hidden />}
          title={`${list.needing_number.length} entrant${list.needing_number.length === 1 ? ' needs' : 's need'} a ${code} ID before a bib`}
        >
          <List size="sm" spacing={2}>
            {list.needing_number.map((e) => (
              <List.Item key={e.user_id}>
                {e.first_name} {e.last_name}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {sections.length === 0 ? (
        <Text c="dimmed">No entrants with a racer number yet.</Text>
      ) : (
        sections.map((s) => (
          <section key={s.title} className={classes.section} aria-labelledby={`sl-${s.title.replace(/\W+/g, '-')}`}>
            <Title order={3} size="h4" mb="xs" id={`sl-${s.title.replace(/\W+/g, '-')}`}>
              {s.title} ({s.entries.length})
            </Title>
            <div className={classes.scroll}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Bib</Table.Th>
                    <Table.Th scope="col">{code} ID</Table.Th>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Gender</Table.Th>
                    <Table.Th scope="col">Club</Table.Th>
                    <Table.Th scope="col">Category</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.entries.map((e) => (
                    <Table.Tr key={e.user_id}>
                      <Table.Td className={classes.bib}>{e.bib ?? '—'}</Table.Td>
                      <Table.Td>{e.racer_id}</Table.Td>
                      <Table.Td>
                        {e.first_name} {e.last_name}
                      </Table.Td>
                      <Table.Td>{e.gender ?? ''}</Table.Td>
                      <Table.Td>{e.club}</Table.Td>
                      <Table.Td>{e.category ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </section>
        ))
      )}
    </Stack>
  );
}
