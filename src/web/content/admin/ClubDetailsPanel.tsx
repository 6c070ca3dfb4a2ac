import { Stack, Text } from '@mantine/core';
import { type SlopeInfo, useSlopes } from '../api.ts';
import { useDeleteSlope } from './api.ts';
import { ClubDetailsForm } from './ClubDetailsForm.tsx';
import { ContentList, confirmDelete, FormCard, ListState } from './ui.tsx';
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
          <ContentList
            caption="Clubs"
            items={slopes}
            itemKey={(slope) => slope.id}
            columns={[
              { head: 'Race club name', cell: (slope) => slope.race_club_name, strong: true },
              { head: 'Slope name', cell: (slope) => slope.slope_name },
            ]}
            label={(slope) => slope.race_club_name}
            active={(slope) => editing?.id === slope.id}
            onEdit={edit}
            onDelete={askDelete}
          />
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
