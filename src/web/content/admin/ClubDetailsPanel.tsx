import { Stack, Table, Text } from '@mantine/core';
import { type SlopeInfo, useSlopes } from '../api.ts';
import { useDeleteSlope } from './api.ts';
import { ClubDetailsForm } from './ClubDetailsForm.tsx';
import { ContentRow, ContentTable, confirmDelete, FormCard, ListState, RowActions } from './ui.tsx';
import { useEditing } from './useEditing.ts';

/** Club Details (doc 2 §2, §4): race club and slope per row with edit and delete (delete asks
 * first, naming the club), and the create/edit form with every slope field. Shown on the public
 * Slopes/Clubs page. Lives in the Edit Content panel's first tab. */
export function ClubDetailsPanel() {
  const query = useSlopes();
  const remove = useDeleteSlope();
  const { editing, formKey, formBox, edit, done, forget } = useEditing<SlopeInfo>();
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
        forget((row) => row.id === slope.id);
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
