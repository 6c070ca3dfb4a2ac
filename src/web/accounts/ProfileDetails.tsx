import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Fieldset,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { MSG } from '../../domain/accounts/messages.ts';
import { type ProfileUpdate, validateProfileUpdate } from '../../domain/accounts/validation.ts';
import { clubLabel } from '../../domain/clubs.ts';
import { formatDayMonthYear } from '../../domain/dates.ts';
import type { ProfileResponse as ProfileUser } from '../../domain/people/profile.ts';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { toast } from '../ui/toast.ts';
import { useAssociation } from '../ui/useAssociation.ts';
import { accountsApi } from './api.ts';
import { focusFirstInvalid } from './form-helpers.ts';
import { PERMISSIONS } from './register/ConsentFields.tsx';
import { useProfileStore } from './store.ts';

/** The profile query, per user: a later sign-in in the same tab never sees the last user's data. */
export const profileQueryKey = (username: string) => ['profile', username] as const;

type Editable = Required<ProfileUpdate>;

const GENDER: Record<string, string> = { MALE: 'Male', FEMALE: 'Female' };
const DISCIPLINE: Record<string, string> = { SKI: 'Ski', SNOWBOARD: 'Snowboard' };
const APPROVAL: Record<ProfileUser['is_racer_confirmed'], string> = {
  PENDING: 'awaiting approval',
  APPROVED: 'approved',
  REJECTED: 'not approved',
};

function editableOf(user: ProfileUser): Editable {
  return {
    email: user.email,
    contact_number: user.contact_number,
    emergency_contact_name: user.emergency_contact_name,
    emergency_contact_number: user.emergency_contact_number,
    se_reg_number: user.se_reg_number,
    permission_photographed: user.permission_photographed,
    permission_name_on_photos: user.permission_name_on_photos,
    permission_social_media: user.permission_social_media,
    permission_share_data_with_sponsors: user.permission_share_data_with_sponsors,
  };
}

function trimmed(v: Editable): Editable {
  return {
    ...v,
    email: v.email.trim(),
    contact_number: v.contact_number.trim(),
    emergency_contact_name: v.emergency_contact_name.trim(),
    emergency_contact_number: v.emergency_contact_number.trim(),
    se_reg_number: v.se_reg_number.trim(),
  };
}

/** The read-only part of the profile (doc 1 §5: names, racer flag, date of birth, gender, ski or
 * board, club and accepted policies cannot be changed here). */
function ReadOnlyDetails({ user }: { user: ProfileUser }) {
  const { code } = useAssociation();
  const club =
    user.local_club === 'OTHER' ? user.other_club || 'Other' : user.local_club ? clubLabel(user.local_club) : '';
  const rows: [string, string][] = [
    ['Username', user.username],
    ['First Name', user.first_name],
    ['Last Name', user.last_name],
    ['Racer', user.is_racer ? `Yes (${APPROVAL[user.is_racer_confirmed]})` : 'No'],
    [`${code} ID`, user.racer_id === null ? 'Not assigned' : String(user.racer_id)],
    ['Date of Birth', formatDayMonthYear(user.date_of_birth)],
    ['Gender', user.gender ? (GENDER[user.gender] ?? user.gender) : ''],
    ['Ski or Snowboard', user.ski_or_board ? (DISCIPLINE[user.ski_or_board] ?? user.ski_or_board) : ''],
    ['Club', club],
    ['Accepted Policies', user.accept_terms_and_conditions ? 'Yes' : 'No'],
  ];
  return (
    <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Text component="dt" size="xs" c="gray.7" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text
            component="dd"
            m={0}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`profile-${label.toLowerCase().replaceAll(' ', '-')}`}
          >
            {value || '—'}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** The fields a user may change, saved with PUT /api/v1/profile/. */
function EditableDetails({ user }: { user: ProfileUser }) {
  const queryClient = useQueryClient();
  const setUser = useProfileStore((s) => s.setUser);
  const ref = useRef<HTMLFormElement>(null);
  const form = useForm<Editable>({
    mode: 'controlled',
    initialValues: editableOf(user),
    validate: (values) => validateProfileUpdate(trimmed(values)),
  });

  const save = useMutation({
    mutationFn: (values: Editable) => accountsApi.updateProfile(trimmed(values)),
    onSuccess: (updated) => {
      queryClient.setQueryData(profileQueryKey(updated.username), updated);
      setUser(updated);
      form.setValues(editableOf(updated));
      form.resetDirty(editableOf(updated));
      toast.success(MSG.profileUpdated);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const messages = error.fieldMessages();
        form.setErrors(messages);
        focusFirstInvalid(ref.current);
        toast.error(Object.values(messages)[0] || serverMessage(error, MSG.profileUpdateFailed));
        return;
      }
      toast.error(MSG.profileUpdateFailed);
    },
  });

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    () => {
      toast.error(MSG.profileFix);
      focusFirstInvalid(ref.current);
    },
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Email"
            description="Booking confirmations and reset links go here"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Contact Number"
            description="e.g. 01234 123456 or +44 1234 123456"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('contact_number')}
          />
          <TextInput
            label="Emergency Contact Name"
            description="First and last name"
            withAsterisk
            {...form.getInputProps('emergency_contact_name')}
          />
          <TextInput
            label="Emergency Contact Number"
            description="e.g. 01234 123456"
            type="tel"
            withAsterisk
            {...form.getInputProps('emergency_contact_number')}
          />
          <TextInput
            label="SE Registration Number"
            description="Optional, up to 7 digits"
            inputMode="numeric"
            {...form.getInputProps('se_reg_number')}
          />
        </SimpleGrid>
        <Fieldset legend="Permissions" variant="filled" p="sm" m={0}>
          <Stack gap="xs">
            {PERMISSIONS.map((p) => (
              <Checkbox key={p.key} label={p.label} {...form.getInputProps(p.key, { type: 'checkbox' })} />
            ))}
          </Stack>
        </Fieldset>
        <Box>
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** Profile Details (doc 1 §2): loads GET /api/v1/profile/, shows the read-only details and the
 * editable form. */
export function ProfileDetails() {
  const username = useProfileStore((s) => s.username);
  const query = useQuery({ queryKey: profileQueryKey(username), queryFn: accountsApi.profile });

  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {MSG.profileLoadFailed}
      </Alert>
    );
  }
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Profile Details
        </Title>
        <ReadOnlyDetails user={query.data} />
        <Text size="xs" c="gray.7">
          To change these details, please contact the association.
        </Text>
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Contact and permissions
        </Title>
        <EditableDetails key={query.data.id} user={query.data} />
      </Stack>
    </Stack>
  );
}
