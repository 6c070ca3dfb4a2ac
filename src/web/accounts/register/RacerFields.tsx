import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LOCAL_CLUBS } from '../../../domain/clubs.ts';
import { DateOfBirthField } from './DateOfBirthField.tsx';
import type { RegisterForm } from './useRegisterForm.ts';

const PLACEHOLDER = { value: '', label: 'Select…' };

const GENDERS = [PLACEHOLDER, { value: 'MALE', label: 'Male' }, { value: 'FEMALE', label: 'Female' }];
const DISCIPLINES = [PLACEHOLDER, { value: 'SKI', label: 'Ski' }, { value: 'SNOWBOARD', label: 'Snowboard' }];
const CLUBS = [PLACEHOLDER, ...LOCAL_CLUBS.map((c) => ({ value: c.value, label: c.label }))];

/** The racer-only fields (doc 1 §5): date of birth, gender, ski or snowboard, local club (and
 * the other club's name for OTHER), and the optional SE registration number. */
export function RacerFields({ form }: { form: RegisterForm }) {
  const isOther = form.getValues().local_club === 'OTHER';
  return (
    <Stack gap="sm">
      <DateOfBirthField form={form} />
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
      {isOther && (
        <TextInput
          label="Other Club"
          description="The name of your club (letters and spaces)"
          withAsterisk
          maxLength={50}
          {...form.getInputProps('other_club')}
        />
      )}
      <TextInput
        label="SE Registration Number"
        description="Optional: your Snowsport England registration number (up to 7 digits)"
        inputMode="numeric"
        maxLength={7}
        {...form.getInputProps('se_reg_number')}
      />
    </Stack>
  );
}
