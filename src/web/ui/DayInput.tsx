import '@mantine/dates/styles.layer.css';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { parseDayMonthYear } from './day-format.ts';

export interface DayInputProps {
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  /** YYYY-MM-DD, or '' when the field is emptied. */
  onChange: (iso: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
  name?: string;
}

/**
 * A date typed or picked as DD/MM/YYYY, whatever the browser's language (a native date input in
 * an en-US browser shows and reads mm/dd/yyyy). The value stays YYYY-MM-DD, as the API takes it.
 * Imported only by lazy modules (the back office, the profile forms): @mantine/dates and its
 * styles stay out of a public page's first script.
 */
export function DayInput({ label, value, onChange, error, description, disabled, withAsterisk, name }: DayInputProps) {
  return (
    <DateInput
      label={label}
      description={description}
      name={name}
      value={value || null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
      valueFormat="DD/MM/YYYY"
      dateParser={parseDayMonthYear}
      placeholder="DD/MM/YYYY"
      error={error}
      disabled={disabled}
      withAsterisk={withAsterisk}
      allowDeselect
      clearable={!withAsterisk}
      // the clear button is an icon: without a name a screen reader hears only "button" (axe)
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      firstDayOfWeek={1}
      popoverProps={{ withinPortal: true }}
      autoComplete="off"
    />
  );
}
