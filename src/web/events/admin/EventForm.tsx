import {
  Autocomplete,
  Button,
  Fieldset,
  FileInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileTypeJpg, IconFileTypePng } from '@tabler/icons-react';
import { type FormEvent, useMemo } from 'react';
import { DEFAULT_RACE_QUANTITY, type EventFormField, isEventType, MAX_QUANTITY } from '../../../domain/events/index.ts';
import { useSlopes } from '../../content/api.ts';
import { DayInput } from '../../ui/DayInput.tsx';
import { showDayMonthYear } from '../../ui/day-format.ts';
import { ACCEPT, eventTypeOptions, slopeQuickFill, windowLimits } from './model.ts';
import type { EventFormState } from './useEventForm.ts';

interface EventFormProps {
  form: EventFormState;
  code: string;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The create/edit form (doc 2 §2, §5). The type comes first and resets the other fields; the
 * registration window, quantity and price are for the association's races only; the banner
 * message is for every other type. The inputs carry the window's limits (min/max) and the same
 * rules run again on Submit.
 */
export function EventForm({ form, code, saving, onSubmit, onCancel }: EventFormProps) {
  const { values, files, errors, editing, setField, setType, setFile } = form;
  const typed = values.event_type !== '';
  const race = values.event_type === 'race';
  const limits = windowLimits(values);
  const creating = editing === null;
  // the quick-fill: each club's slope from the Club Details list (a failed load offers none)
  const slopes = useSlopes();
  const quickFill = useMemo(() => slopeQuickFill(slopes.data ?? []), [slopes.data]);
  const clubOf = useMemo(() => new Map(quickFill.map((choice) => [choice.slope, choice.club])), [quickFill]);

  const text = (field: EventFormField) => ({
    value: values[field],
    error: errors[field],
    disabled: !typed,
    onChange: (e: { currentTarget: { value: string } }) => setField(field, e.currentTarget.value),
  });
  const raceOnly = (field: EventFormField) => ({ ...text(field), disabled: !race, withAsterisk: race });
  // typed as 24-hour HH:MM, as the start time is: a native time input shows and reads 12-hour
  // times with AM/PM in an en-US browser
  const raceTime = (field: EventFormField) => ({
    ...raceOnly(field),
    description: '24-hour HH:MM',
    placeholder: 'HH:MM',
    inputMode: 'numeric' as const,
    maxLength: 5,
  });
  const day = (field: EventFormField) => ({
    value: values[field],
    error: errors[field],
    disabled: !typed,
    onChange: (iso: string) => setField(field, iso),
  });
  const raceDay = (field: EventFormField) => ({ ...day(field), disabled: !race, withAsterisk: race });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={creating ? 'Create event' : 'Edit event'}>
      <Stack gap="sm">
        <Select
          label="Event type"
          placeholder="Choose the event type"
          description="Changing the type starts the form again for that type"
          data={eventTypeOptions(code)}
          value={typed ? values.event_type : null}
          onChange={(value) => setType(value && isEventType(value) ? value : '')}
          error={errors.event_type}
          allowDeselect={false}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
        {!typed && (
          <Text size="sm" c="dimmed">
            Choose the event type first: the other fields depend on it.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <DayInput label="Date" withAsterisk {...day('date')} />
          <TextInput
            label="Start time"
            description="Optional; 24-hour HH:MM, UK time"
            placeholder="HH:MM"
            inputMode="numeric"
            maxLength={5}
            value={form.startTime}
            onChange={(e) => form.setStartTime(e.currentTarget.value)}
            error={errors.start_time}
            disabled={!typed}
          />
          <Autocomplete
            label="Slope name"
            placeholder="Type or pick a club's slope"
            data={quickFill.map((choice) => choice.slope)}
            renderOption={({ option }) => (
              <div>
                <Text size="sm">{option.value}</Text>
                <Text size="xs" c="dimmed">
                  {clubOf.get(option.value)}
                </Text>
              </div>
            )}
            withAsterisk
            value={values.slope_name}
            onChange={(value) => setField('slope_name', value)}
            error={errors.slope_name}
            disabled={!typed}
          />
        </SimpleGrid>
        <TextInput label="Name" withAsterisk {...text('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <FileInput
            label="Image"
            description={creating ? 'JPG only' : 'JPG only; leave empty to keep the current image'}
            placeholder="Choose a JPG file"
            accept={ACCEPT.image}
            name="image"
            leftSection={<IconFileTypeJpg size={18} aria-hidden />}
            value={files.image}
            onChange={(file) => setFile('image', file)}
            error={errors.image}
            withAsterisk={creating}
            clearable
            disabled={!typed}
          />
          <FileInput
            label="Logo"
            description={creating ? 'PNG only' : 'PNG only; leave empty to keep the current logo'}
            placeholder="Choose a PNG file"
            accept={ACCEPT.logo}
            name="logo"
            leftSection={<IconFileTypePng size={18} aria-hidden />}
            value={files.logo}
            onChange={(file) => setFile('logo', file)}
            error={errors.logo}
            withAsterisk={creating}
            clearable
            disabled={!typed}
          />
        </SimpleGrid>
        <Fieldset
          legend={`Registration and places${race ? '' : ` (${code} events only)`}`}
          variant="unstyled"
          p={0}
          m={0}
          disabled={!race}
          styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
        >
          {race && (
            <Text size="xs" c="dimmed" mb="xs">
              London time. Registration opens by the event date and closes from the day after it opens up to the event
              date.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <DayInput
              label="Registration open date"
              description={limits.openMax && `By ${showDayMonthYear(limits.openMax)}`}
              {...raceDay('registration_open')}
            />
            <TextInput label="Registration open time" {...raceTime('registration_open_time')} />
            <DayInput
              label="Registration close date"
              description={
                limits.closeMin &&
                limits.closeMax &&
                `${showDayMonthYear(limits.closeMin)} to ${showDayMonthYear(limits.closeMax)}`
              }
              {...raceDay('registration_close')}
            />
            <TextInput label="Registration close time" {...raceTime('registration_close_time')} />
            <NumberInput
              label="Quantity"
              description={`Places (default ${DEFAULT_RACE_QUANTITY})`}
              min={1}
              max={MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={values.quantity}
              onChange={(value) => setField('quantity', String(value))}
              error={errors.quantity}
              disabled={!race}
              withAsterisk={race}
            />
            <TextInput
              label="Price"
              description="Pounds, e.g. 25 or 25.50; 0 is FREE"
              inputMode="decimal"
              leftSection={<Text size="sm">£</Text>}
              {...raceOnly('price')}
            />
          </SimpleGrid>
        </Fieldset>
        <TextInput label="URL" type="url" placeholder="https://" {...text('url')} />
        <Textarea
          label="Banner message"
          description={typed && !race ? 'Shown across the event card' : undefined}
          autosize
          minRows={2}
          {...text('banner_message')}
          disabled={!typed || race}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {creating ? 'Clear' : 'Cancel'}
          </Button>
          <Button type="submit" loading={saving}>
            {creating ? 'Submit' : 'Update'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
