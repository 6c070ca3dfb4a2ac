import { Checkbox, Divider, FileInput, Group, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import {
  EMPTY_SLOPE,
  SLOPE_LIMITS,
  SLOPE_TEXT_FIELDS,
  type SlopeTextField,
  type SlopeValues,
  validateSlope,
} from '../../../domain/content/slopes.ts';
import { toast } from '../../ui/toast.ts';
import type { SlopeInfo } from '../api.ts';
import { useSaveSlope } from './api.ts';
import { fileProblem, IMAGE_ACCEPT } from './form-utils.ts';
import { FILE_INPUT_STYLES, FormFailure, SubmitButton } from './ui.tsx';
import { useSaveForm } from './useSaveForm.ts';

type PictureField = 'slope_image' | 'slope_map';

interface FormValues extends SlopeValues {
  slope_image: File | null;
  slope_map: File | null;
  slope_image_clear: boolean;
  slope_map_clear: boolean;
}

const FIELDS = [...SLOPE_TEXT_FIELDS, 'slope_image', 'slope_map'] as const;

/** How each text field is asked for. */
const INPUTS: Record<SlopeTextField, { type?: string; autoComplete: string; placeholder?: string }> = {
  race_club_name: { autoComplete: 'off' },
  slope_name: { autoComplete: 'off' },
  slope_contact_number: { type: 'tel', autoComplete: 'off' },
  slope_website: { type: 'url', autoComplete: 'off', placeholder: 'https://' },
  slope_email: { type: 'email', autoComplete: 'off' },
  address_line_1: { autoComplete: 'off' },
  address_line_2: { autoComplete: 'off' },
  locality: { autoComplete: 'off' },
  postcode: { autoComplete: 'off' },
};

const PICTURES: { field: PictureField; label: string }[] = [
  { field: 'slope_image', label: 'Slope image' },
  { field: 'slope_map', label: 'Slope map' },
];

/** The create/edit form for a club and its slope: every field of doc 2 "Slope detail". The two
 * pictures are sent only when a file is chosen (doc 2 §7); when editing, a stored picture can be
 * removed. */
export function ClubDetailsForm({ slope, onSaved }: { slope: SlopeInfo | null; onSaved: () => void }) {
  const save = useSaveSlope();
  const initialText = Object.fromEntries(
    SLOPE_TEXT_FIELDS.map((f) => [f, slope?.[f] ?? EMPTY_SLOPE[f]]),
  ) as SlopeValues;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      ...initialText,
      slope_image: null,
      slope_map: null,
      slope_image_clear: false,
      slope_map_clear: false,
    },
    validate: (values) => {
      const errors: Record<string, string> = validateSlope(trimmed(values));
      for (const { field } of PICTURES) {
        const problem = fileProblem(values[field], 'picture');
        if (problem) errors[field] = problem;
      }
      return errors;
    },
  });

  const { ref, failure, submit } = useSaveForm(form, {
    fields: FIELDS,
    failed: `Failed to ${slope ? 'update' : 'add'} the club details. Please try again.`,
    save: async (values) => {
      await save.mutateAsync({
        id: slope?.id,
        values: trimmed(values),
        files: { slope_image: values.slope_image, slope_map: values.slope_map },
        clear: {
          slope_image_clear: values.slope_image_clear && !values.slope_image,
          slope_map_clear: values.slope_map_clear && !values.slope_map,
        },
      });
      toast.admin('success', slope ? 'Club details updated' : 'Club added');
      onSaved();
    },
  });

  const text = (field: SlopeTextField, required = false) => (
    <TextInput
      label={SLOPE_LIMITS[field].label}
      required={required}
      {...INPUTS[field]}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <FormFailure message={failure} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('race_club_name', true)}
          {text('slope_name', true)}
        </SimpleGrid>
        <Divider label="Contact" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {text('slope_contact_number')}
          {text('slope_website')}
          {text('slope_email')}
        </SimpleGrid>
        <Divider label="Address" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('address_line_1')}
          {text('address_line_2')}
          {text('locality')}
          {text('postcode')}
        </SimpleGrid>
        <Divider label="Pictures" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {PICTURES.map(({ field, label }) => {
            const current = slope?.[field];
            const clearKey = `${field}_clear` as const;
            return (
              <Stack key={field} gap="xs">
                <FileInput
                  label={label}
                  description={current ? 'Choose a file to replace the current one' : 'JPG, PNG or WEBP, up to 5 MB'}
                  placeholder="Choose an image (optional)"
                  styles={FILE_INPUT_STYLES}
                  accept={IMAGE_ACCEPT}
                  clearable
                  clearButtonProps={{ 'aria-label': `Clear the chosen ${label.toLowerCase()}` }}
                  leftSection={<IconPhoto size={18} aria-hidden />}
                  {...form.getInputProps(field)}
                />
                {current && (
                  <Group gap="sm" wrap="nowrap" align="center">
                    <Image src={current} alt={`Current ${label.toLowerCase()}`} w={96} h={64} fit="cover" radius="sm" />
                    <Checkbox
                      label={`Remove the current ${label.toLowerCase()}`}
                      disabled={Boolean(form.values[field])}
                      {...form.getInputProps(clearKey, { type: 'checkbox' })}
                    />
                  </Group>
                )}
              </Stack>
            );
          })}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Fields marked * are required.
        </Text>
      </Stack>
      <SubmitButton editing={Boolean(slope)} busy={save.isPending} />
    </form>
  );
}

function trimmed(values: SlopeValues): SlopeValues {
  return Object.fromEntries(SLOPE_TEXT_FIELDS.map((f) => [f, values[f].trim()])) as SlopeValues;
}
