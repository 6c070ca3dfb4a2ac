import { PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PasswordChecklist } from '../PasswordChecklist.tsx';
import type { RegisterForm } from './useRegisterForm.ts';

/** Who the account is for and how they sign in: names, username, e-mail, password with its
 * live checklist, confirmation and contact number. */
export function AccountFields({ form }: { form: RegisterForm }) {
  const { password } = form.getValues();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="First Name" autoComplete="given-name" withAsterisk {...form.getInputProps('first_name')} />
        <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...form.getInputProps('last_name')} />
      </SimpleGrid>
      <TextInput
        label="Username"
        description="8-20 letters and numbers, starting with a letter"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        withAsterisk
        {...form.getInputProps('username')}
      />
      <TextInput
        label="Email"
        description="For a child's account, use a parent or guardian's e-mail address"
        type="email"
        autoComplete="email"
        withAsterisk
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password')}
        aria-invalid={form.errors.password ? true : undefined}
      />
      <PasswordChecklist password={password} />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('confirm_password')}
        aria-invalid={form.errors.confirm_password ? true : undefined}
      />
      <TextInput
        label="Contact Number"
        description="Optional, e.g. 01234 123456 or +44 1234 123456"
        type="tel"
        autoComplete="tel"
        {...form.getInputProps('contact_number')}
      />
    </Stack>
  );
}
