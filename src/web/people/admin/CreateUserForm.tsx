import { Alert, Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { newUserProblems, USERS_MSG } from '../../../domain/people/users.ts';
import { focusFirstInvalid } from '../../accounts/form-helpers.ts';
import { AccountFields } from '../../accounts/register/AccountFields.tsx';
import { ConsentFields } from '../../accounts/register/ConsentFields.tsx';
import { RacerFields } from '../../accounts/register/RacerFields.tsx';
import {
  EMPTY_REGISTRATION,
  type RegisterValues,
  toPayload,
  validateRegisterValues,
} from '../../accounts/register/useRegisterForm.ts';
import { ApiError } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { usersApi } from './users-api.ts';
import { createFailureDetail } from './users-model.ts';

/** The form's fields, for placing the server's messages beside them. */
const FIELDS = new Set(Object.keys(EMPTY_REGISTRATION).concat('date_of_birth'));

/**
 * Create User (doc 2 §5 "New user"): the registration fields with doc 2's own checks first
 * (passwords match, 8 characters, an 8-character alphanumeric username), then every registration
 * rule; sent to /register/ with the administrator's token, who stays signed in as themselves.
 * A refusal keeps what was typed and shows each message beside its field.
 */
export function CreateUserForm({ onCreated, onCancel }: { onCreated: () => void; onCancel: () => void }) {
  const { code: provider } = useAssociation();
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: EMPTY_REGISTRATION,
    validate: (values) => ({ ...validateRegisterValues(values, provider), ...newUserProblems(values) }),
  });
  const ref = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const values = form.getValues();

  const submit = form.onSubmit(
    async (submitted) => {
      setBusy(true);
      setFailure(null);
      try {
        await usersApi.create(toPayload(submitted));
        toast.admin('success', USERS_MSG.created);
        onCreated();
      } catch (error) {
        toast.admin('error', USERS_MSG.createFailed(createFailureDetail(error)));
        if (error instanceof ApiError) {
          const messages = error.fieldMessages();
          form.setErrors(Object.fromEntries(Object.entries(messages).filter(([f]) => FIELDS.has(f))));
          const elsewhere = Object.entries(messages).filter(([f]) => !FIELDS.has(f));
          setFailure(elsewhere.length ? elsewhere.map(([, m]) => m).join(' ') : null);
          focusFirstInvalid(ref.current);
        }
      } finally {
        setBusy(false);
      }
    },
    () => focusFirstInvalid(ref.current),
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Checkbox
          label="This account is for a racer"
          checked={values.is_racer}
          onChange={(e) => form.setFieldValue('is_racer', e.currentTarget.checked)}
        />
        <AccountFields form={form} />
        {values.is_racer && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Racer details
            </Title>
            <RacerFields form={form} />
          </Stack>
        )}
        <ConsentFields form={form} provider={provider} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Create User
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
