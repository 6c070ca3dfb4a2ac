import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOCAL_CLUBS } from '../../../domain/clubs.ts';
import { londonToday } from '../../../domain/dates.ts';
import { USERS_MSG, validateAdminProfile, validateAdminUser } from '../../../domain/people/users.ts';
import { PERMISSIONS } from '../../accounts/register/ConsentFields.tsx';
import { serverErrorText } from '../../api/server-error.ts';
import { DayInput } from '../../ui/DayInput.tsx';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { UserFormFooter, useUserSubmit } from './UserFormParts.tsx';
import { type ProfileEdit, type UserProfile, usersApi } from './users-api.ts';
import { updateFailureDetail } from './users-model.ts';

interface EditValues extends Omit<ProfileEdit, 'racer_id' | 'date_of_birth'> {
  first_name: string;
  last_name: string;
  email: string;
  racer_id: string;
  date_of_birth: string;
  admin_level: 'NONE' | 'ADMIN' | 'SUPER';
}

const PLACEHOLDER = { value: '', label: 'Select…' };
const GENDERS = [PLACEHOLDER, { value: 'MALE', label: 'Male' }, { value: 'FEMALE', label: 'Female' }];
const DISCIPLINES = [PLACEHOLDER, { value: 'SKI', label: 'Ski' }, { value: 'SNOWBOARD', label: 'Snowboard' }];
const CLUBS = [PLACEHOLDER, ...LOCAL_CLUBS.map((c) => ({ value: c.value, label: c.label }))];
const STATUSES = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];

function initial(u: UserProfile): EditValues {
  return {
    first_name: u.user.first_name,
    last_name: u.user.last_name,
    email: u.user.email,
    admin_level: u.user.admin_level,
    racer_id: u.racer_id === null ? '' : String(u.racer_id),
    is_racer: u.is_racer,
    is_racer_confirmed: u.is_racer_confirmed,
    contact_number: u.contact_number,
    date_of_birth: u.date_of_birth ?? '',
    gender: u.gender ?? '',
    ski_or_board: u.ski_or_board ?? '',
    local_club: u.local_club,
    other_club: u.other_club,
    emergency_contact_name: u.emergency_contact_name,
    emergency_contact_number: u.emergency_contact_number,
    se_reg_number: u.se_reg_number,
    permission_photographed: u.permission_photographed,
    permission_name_on_photos: u.permission_name_on_photos,
    permission_social_media: u.permission_social_media,
    permission_share_data_with_sponsors: u.permission_share_data_with_sponsors,
  };
}

/** The racer number typed: empty for none, digits for a number, NaN for anything else. */
const racerNumber = (text: string): number | null =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

function toProfileEdit(v: EditValues): ProfileEdit {
  return {
    racer_id: racerNumber(v.racer_id),
    is_racer: v.is_racer,
    is_racer_confirmed: v.is_racer_confirmed,
    contact_number: v.contact_number.trim(),
    date_of_birth: v.is_racer && v.date_of_birth ? v.date_of_birth : null,
    gender: v.is_racer ? v.gender : '',
    ski_or_board: v.is_racer ? v.ski_or_board : '',
    local_club: v.is_racer ? v.local_club : '',
    other_club: v.is_racer && v.local_club === 'OTHER' ? v.other_club.trim() : '',
    emergency_contact_name: v.emergency_contact_name.trim(),
    emergency_contact_number: v.emergency_contact_number.trim(),
    se_reg_number: v.se_reg_number.trim(),
    permission_photographed: v.permission_photographed,
    permission_name_on_photos: v.permission_name_on_photos,
    permission_social_media: v.permission_social_media,
    permission_share_data_with_sponsors: v.permission_share_data_with_sponsors,
  };
}

function validate(v: EditValues): Record<string, string> {
  const profile = toProfileEdit(v);
  const number = profile.racer_id;
  return {
    ...validateAdminUser({ first_name: v.first_name.trim(), last_name: v.last_name.trim(), email: v.email.trim() }),
    ...validateAdminProfile(
      {
        ...profile,
        racer_id: null,
        gender: (profile.gender || null) as 'MALE' | 'FEMALE' | null,
        ski_or_board: (profile.ski_or_board || null) as 'SKI' | 'SNOWBOARD' | null,
        local_club: profile.local_club || null,
      },
      londonToday(),
    ),
    ...(number !== null && (!Number.isSafeInteger(number) || number < 1)
      ? { racer_id: USERS_MSG.racerNumberFormat }
      : {}),
  };
}

/**
 * Edit a user (doc 2 §2, §5): the account's names and e-mail, the profile's fields and racer
 * number, the racer status (only for a racer), and for a super administrator another account's
 * admin level. Saved as the two calls of doc 2 §7; a refusal keeps what was typed.
 */
export function EditUserForm({
  user,
  me,
  isSuper,
  onSaved,
  onCancel,
}: {
  user: UserProfile;
  me: number | null;
  isSuper: boolean;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const form = useForm<EditValues>({ mode: 'controlled', initialValues: initial(user), validate });
  const values = form.getValues();
  const { code } = useAssociation();
  const levelEditable = isSuper && user.user.id !== me && user.user.admin_level !== 'SUPER';

  const { ref, busy, failure, submit } = useUserSubmit(form, {
    save: async (v) => {
      await usersApi.editAccount(user.user.id, {
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        email: v.email.trim(),
        ...(levelEditable && v.admin_level !== 'SUPER' ? { admin_level: v.admin_level } : {}),
      });
      await usersApi.editProfile(user.id, toProfileEdit(v));
      toast.admin('success', USERS_MSG.updated);
      onSaved();
    },
    failed: (error) => USERS_MSG.updateFailed(updateFailureDetail(error)),
    isField: (field) => Object.keys(values).includes(field),
    otherwise: (error) => serverErrorText(error),
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First Name" withAsterisk {...form.getInputProps('first_name')} />
          <TextInput label="Last Name" withAsterisk {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label="Contact Number" type="tel" {...form.getInputProps('contact_number')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Emergency Contact Name" withAsterisk {...form.getInputProps('emergency_contact_name')} />
          <TextInput
            label="Emergency Contact Number"
            type="tel"
            withAsterisk
            {...form.getInputProps('emergency_contact_number')}
          />
        </SimpleGrid>
        <Checkbox label="Racer" {...form.getInputProps('is_racer', { type: 'checkbox' })} />
        {values.is_racer && (
          <Stack gap="sm">
            <Title order={3} size="h5">
              Racer details
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={`Racer number (${code} ID)`}
                description="Empty: the next number is given on approval"
                inputMode="numeric"
                maxLength={10}
                {...form.getInputProps('racer_id')}
              />
              {user.is_racer && (
                <NativeSelect label="Racer status" data={STATUSES} {...form.getInputProps('is_racer_confirmed')} />
              )}
            </SimpleGrid>
            <DayInput
              label="Date of Birth"
              withAsterisk
              value={values.date_of_birth}
              onChange={(iso) => form.setFieldValue('date_of_birth', iso)}
              error={form.errors.date_of_birth}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NativeSelect label="Gender" data={GENDERS} withAsterisk {...form.getInputProps('gender')} />
              <NativeSelect
                label="Ski or Snowboard"
                data={DISCIPLINES}
                withAsterisk
                {...form.getInputProps('ski_or_board')}
              />
            </SimpleGrid>
            <NativeSelect label="Local Club" data={CLUBS} withAsterisk {...form.getInputProps('local_club')} />
            {values.local_club === 'OTHER' && (
              <TextInput label="Other Club" withAsterisk maxLength={50} {...form.getInputProps('other_club')} />
            )}
            <TextInput
              label="SE Registration Number"
              inputMode="numeric"
              maxLength={7}
              {...form.getInputProps('se_reg_number')}
            />
          </Stack>
        )}
        <Stack gap={6}>
          {PERMISSIONS.map((p) => (
            <Checkbox key={p.key} label={p.label} {...form.getInputProps(p.key, { type: 'checkbox' })} />
          ))}
        </Stack>
        {levelEditable && (
          <NativeSelect
            label="Admin level"
            description="Administrators use the back office; only a super administrator can change this."
            data={[
              { value: 'NONE', label: 'None' },
              { value: 'ADMIN', label: 'Administrator' },
            ]}
            {...form.getInputProps('admin_level')}
          />
        )}
        <UserFormFooter failure={failure} busy={busy} submitLabel="Save" onCancel={onCancel} />
      </Stack>
    </form>
  );
}
