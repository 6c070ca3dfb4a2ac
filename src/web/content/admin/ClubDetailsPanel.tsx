import { Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { type SlopeInfo, useSlopes } from '../api.ts';
import { useDeleteSlope } from './api.ts';
import { ClubDetailsForm } from './ClubDetailsForm.tsx';
import { ContentRow, ContentTable, confirmDelete, FormCard, focusForm, ListState, RowActions } from './ui.tsx';

/** Club Details (doc 2 §2, §4): race club and slope per row with edit and delete (delete asks
 * first, naming the club), and the create/edit form with every slope field. Shown on the public
 * Slopes/Clubs page. Lives in the Edit Content panel's first tab. */
export function ClubDetailsPanel() {
  const query = useSlopes();
  const remove = useDeleteSlope();
  const [editing, setEditing] = useState<SlopeInfo | null>(null);
  const [formKey, setFormKey] = useState(0);
  const formBox = useRef<HTMLDivElement>(null);

  const edit = (slope: SlopeInfo) => {
    setEditing(slope);
    focusForm(formBox.current);
  };
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const askDelete = (slope: SlopeInfo) =>
    confirmDelete({
      title: 'Delete club?',
      subject: (
        <>
          <strong>{slope.race_club_name}</strong> ({slope.slope_name})
        </>
      ),
      done: `${slope.race_club_name} deleted`,
      failed: 'Failed to delete club details',
      run: async () => {
        await remove.mutateAsync(slope.id);
        setEditing((current) => (current?.id === slope.id ? null : current));
      },
    });

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        The race clubs and their slopes, shown on the public Clubs page.
      </Text>
      <ListState query={query} what="clubs" empty="No clubs yet" emptyHint="Add the first club with the form below.">
        {(slopes) => (
          <ContentTable caption="Clubs" head={['Race club name', 'Slope name']} minWidth={480}>
            {slopes.map((slope) => (
              <ContentRow key={slope.id} active={editing?.id === slope.id}>
                <Table.Td fw={600}>{slope.race_club_name}</Table.Td>
                <Table.Td>{slope.slope_name}</Table.Td>
                <RowActions label={slope.race_club_name} onEdit={() => edit(slope)} onDelete={() => askDelete(slope)} />
              </ContentRow>
            ))}
          </ContentTable>
        )}
      </ListState>
      <FormCard
        ref={formBox}
        title={editing ? `Edit ${editing.race_club_name}` : 'Add a club'}
        editing={Boolean(editing)}
        onCancel={done}
      >
        <ClubDetailsForm key={editing ? `edit-${editing.id}` : `new-${formKey}`} slope={editing} onSaved={done} />
      </FormCard>
    </Stack>
  );
}
