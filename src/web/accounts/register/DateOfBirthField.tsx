import { Fieldset, Input, NativeSelect, SimpleGrid } from '@mantine/core';
import { useId } from 'react';
import { DOB_ERROR, type RegisterForm, type RegisterValues } from './useRegisterForm.ts';

/** Year choices span the current year back 100 years; days 1-31 (doc 1 §5, §9). */
const YEARS_BACK = 100;

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: new Date(Date.UTC(2000, i, 1)).toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' }),
}));

function years(): string[] {
  const current = new Date().getFullYear();
  return Array.from({ length: YEARS_BACK }, (_, i) => String(current - i));
}

type Part = 'dob_day' | 'dob_month' | 'dob_year';

/** Date of Birth as three pickers (day, month, year); one message for the three, announced with
 * each picker. Sent as YYYY-MM-DD. */
export function DateOfBirthField({ form }: { form: RegisterForm }) {
  const error = form.errors[DOB_ERROR];
  const errorId = useId();
  const values: RegisterValues = form.getValues();

  const part = (key: Part, label: string, data: (string | { value: string; label: string })[]) => (
    <NativeSelect
      label={label}
      data={[{ value: '', label: '--' }, ...data]}
      value={values[key]}
      onChange={(event) => {
        form.setFieldValue(key, event.currentTarget.value);
        form.clearFieldError(DOB_ERROR);
      }}
      error={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
      required
      withAsterisk={false}
    />
  );

  return (
    <Fieldset
      legend={
        <Input.Label required labelElement="div">
          Date of Birth
        </Input.Label>
      }
      variant="unstyled"
      m={0}
      p={0}
      data-field={DOB_ERROR}
    >
      <SimpleGrid cols={3} spacing="xs" style={{ gridTemplateColumns: '1fr 1.6fr 1.2fr' }}>
        {part('dob_day', 'Day', DAYS)}
        {part('dob_month', 'Month', MONTHS)}
        {part('dob_year', 'Year', years())}
      </SimpleGrid>
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </Fieldset>
  );
}
