import { Stack, Text } from '@mantine/core';
import { type SlopeInfo, useSlopes } from '../api.ts';
import { useDeleteSlope } from './api.ts';
import { ClubDetailsForm } from './ClubDetailsForm.tsx';
import { ContentList, FormCard, ListState } from './ui.tsx';
import { useEditing } from './useEditing.ts';

/** Club Details (doc 2 §2, §4): race club and slope per row with edit and delete (delete asks
 * first, naming the club), and the create/edit form with every slope field. Shown on the public
 * Slopes/Clubs page. Lives in the Edit Content panel's first tab. */
export function ClubDetailsPanel() {
  const query = useSlopes();
  const remove = useDeleteSlope();
  const editor = useEditing<SlopeInfo>({
    remove: remove.mutateAsync,
    confirm: (slope) => ({
      title: 'Delete club?',
      subject: (
        <>
          <strong>{slope.race_club_name}</strong> ({slope.slope_name})
        </>
      ),
      done: `${slope.race_club_name} deleted`,
      failed: 'Failed to delete club details',
    }),
  });
  const { editing } = editor;

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
            columns={[
              { head: 'Race club name', cell: (slope) => slope.race_club_name, strong: true },
              { head: 'Slope name', cell: (slope) => slope.slope_name },
            ]}
            label={(slope) => slope.race_club_name}
            editor={editor}
          />
        )}
      </ListState>
      <FormCard {...editor.formCard} title={editing ? `Edit ${editing.race_club_name}` : 'Add a club'}>
        <ClubDetailsForm key={editor.formKey} slope={editing} onSaved={editor.done} />
      </FormCard>
    </Stack>
  );
}
