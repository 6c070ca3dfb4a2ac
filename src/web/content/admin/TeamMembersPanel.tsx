import { Avatar, Checkbox, FileInput, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import { type TeamMemberValues, validateTeamMember } from '../../../domain/content/team.ts';
import { toast } from '../../ui/toast.ts';
import { type TeamMember, useTeamMembers } from '../api.ts';
import { useDeleteTeamMember, useSaveTeamMember } from './api.ts';
import { fileProblem, IMAGE_ACCEPT, initials } from './form-utils.ts';
import { ContentList, FILE_INPUT_STYLES, FormCard, FormFailure, ListState, SubmitButton } from './ui.tsx';
import { useEditing } from './useEditing.ts';
import { useSaveForm } from './useSaveForm.ts';

const FIELDS = ['first_name', 'last_name', 'position', 'photo'] as const;
const fullName = (m: { first_name: string; last_name: string }) => `${m.first_name} ${m.last_name}`;

function MemberPhoto({ member }: { member: TeamMember }) {
  return (
    <Avatar src={member.photo} alt="" radius="xl" size="md" color="blue">
      {initials(member.first_name, member.last_name)}
    </Avatar>
  );
}

/** Team Members (doc 2 §2, §4, §5): photo (or initials), name and position, edit and delete per
 * row (delete asks first), and the create/edit form. Shown on the About page's Meet Our Team. */
export function TeamMembersPanel() {
  const query = useTeamMembers();
  const remove = useDeleteTeamMember();
  const editor = useEditing<TeamMember>({
    remove: remove.mutateAsync,
    confirm: (member) => ({
      title: 'Delete team member?',
      subject: <strong>{fullName(member)}</strong>,
      done: `${fullName(member)} deleted`,
      failed: 'Failed to delete team member',
    }),
  });
  const { editing } = editor;

  return (
    <Stack gap="lg">
      <Title order={2}>Team Members</Title>
      <Text c="dimmed" size="sm">
        The committee shown under Meet Our Team on the About page.
      </Text>
      <ListState
        query={query}
        what="team members"
        empty="No team members yet"
        emptyHint="Add the first member with the form below."
      >
        {(members) => (
          <ContentList
            caption="Team members"
            items={members}
            columns={[
              { head: 'Photo', cell: (member) => <MemberPhoto member={member} />, inCard: false },
              { head: 'Name', cell: fullName, strong: true, inCard: false },
              { head: 'Position', cell: (member) => member.position },
            ]}
            cardTitle={(member) => (
              <Group gap="sm" wrap="nowrap">
                <MemberPhoto member={member} />
                {fullName(member)}
              </Group>
            )}
            label={fullName}
            editor={editor}
            minWidth={520}
          />
        )}
      </ListState>
      <FormCard {...editor.formCard} title={editing ? `Edit ${fullName(editing)}` : 'Add a team member'}>
        <TeamMemberForm key={editor.formKey} member={editing} onSaved={editor.done} />
      </FormCard>
    </Stack>
  );
}

interface FormValues extends TeamMemberValues {
  photo: File | null;
  clearPhoto: boolean;
}

function TeamMemberForm({ member, onSaved }: { member: TeamMember | null; onSaved: () => void }) {
  const save = useSaveTeamMember();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      first_name: member?.first_name ?? '',
      last_name: member?.last_name ?? '',
      position: member?.position ?? '',
      photo: null,
      clearPhoto: false,
    },
    validate: (values) => {
      const errors: Record<string, string> = validateTeamMember(values);
      const photo = fileProblem(values.photo, 'picture');
      if (photo) errors.photo = photo;
      return errors;
    },
  });

  const { ref, failure, submit } = useSaveForm(form, {
    fields: FIELDS,
    failed: `Failed to ${member ? 'update' : 'add'} the team member. Please try again.`,
    save: async ({ first_name, last_name, position, photo, clearPhoto }) => {
      await save.mutateAsync({
        id: member?.id,
        values: { first_name: first_name.trim(), last_name: last_name.trim(), position: position.trim() },
        photo,
        clearPhoto: clearPhoto && !photo,
      });
      toast.admin('success', member ? 'Team member updated' : 'Team member added');
      onSaved();
    },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <FormFailure message={failure} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" required autoComplete="off" {...form.getInputProps('first_name')} />
        <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('last_name')} />
        <TextInput
          label="Position"
          description="For example Chair or Race Secretary"
          required
          autoComplete="off"
          {...form.getInputProps('position')}
        />
        <FileInput
          label="Photo"
          description={member?.photo ? 'Choose a file to replace the current photo' : 'JPG, PNG or WEBP, up to 5 MB'}
          placeholder="Choose a photo (optional)"
          styles={FILE_INPUT_STYLES}
          accept={IMAGE_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen photo' }}
          leftSection={<IconPhoto size={18} aria-hidden />}
          {...form.getInputProps('photo')}
        />
      </SimpleGrid>
      {member?.photo && (
        <Group mt="sm" gap="sm">
          <Avatar src={member.photo} alt={`Current photo of ${fullName(member)}`} radius="xl" size="lg" />
          <Checkbox
            label="Remove the current photo"
            disabled={Boolean(form.values.photo)}
            {...form.getInputProps('clearPhoto', { type: 'checkbox' })}
          />
        </Group>
      )}
      <SubmitButton editing={Boolean(member)} busy={save.isPending} />
    </form>
  );
}
