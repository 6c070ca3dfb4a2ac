import { Anchor, Checkbox, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { paths } from '../../app/paths.ts';
import type { RegisterForm } from './useRegisterForm.ts';

type Flag =
  | 'accept_terms_and_conditions'
  | 'permission_photographed'
  | 'permission_name_on_photos'
  | 'permission_social_media'
  | 'permission_share_data_with_sponsors';

export const PERMISSIONS: { key: Exclude<Flag, 'accept_terms_and_conditions'>; label: string }[] = [
  { key: 'permission_photographed', label: 'I give permission to be photographed at events' },
  { key: 'permission_name_on_photos', label: 'I give permission for my name to appear with photos' },
  { key: 'permission_social_media', label: 'I give permission for photos to appear on social media' },
  { key: 'permission_share_data_with_sponsors', label: 'I give permission to share my data with sponsors' },
];

function FlagBox({ form, field, label }: { form: RegisterForm; field: Flag; label: ReactNode }) {
  const props = form.getInputProps(field, { type: 'checkbox' });
  return <Checkbox label={label} {...props} aria-invalid={props.error ? true : undefined} />;
}

/** Emergency contact (required for everyone), the accept-policies box and the four permissions. */
export function ConsentFields({ form, provider }: { form: RegisterForm; provider: string }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Emergency Contact Name"
          description="First and last name"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('emergency_contact_name')}
        />
        <TextInput
          label="Emergency Contact Number"
          description="e.g. 01234 123456"
          type="tel"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('emergency_contact_number')}
        />
      </SimpleGrid>
      <Fieldset legend="Permissions" variant="filled" p="sm" m={0}>
        <Stack gap="xs">
          {PERMISSIONS.map((p) => (
            <FlagBox key={p.key} form={form} field={p.key} label={p.label} />
          ))}
        </Stack>
      </Fieldset>
      <Stack gap={4}>
        <FlagBox
          form={form}
          field="accept_terms_and_conditions"
          label={
            <>
              I accept the {provider} policies{' '}
              <Text span c="red" aria-hidden>
                *
              </Text>
            </>
          }
        />
        <Anchor href={paths.policies} target="_blank" rel="noopener" size="sm" ml={32}>
          Read the {provider} policies (opens in a new tab)
        </Anchor>
      </Stack>
    </Stack>
  );
}
