import { Checkbox, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newUserProblems, USERS_MSG } from '../../../domain/people/users.ts';
import { AccountFields } from '../../accounts/register/AccountFields.tsx';
import { ConsentFields } from '../../accounts/register/ConsentFields.tsx';
import { RacerFields } from '../../accounts/register/RacerFields.tsx';
import {
  EMPTY_REGISTRATION,
  type RegisterValues,
  toPayload,
  validateRegisterValues,
} from '../../accounts/register/useRegisterForm.ts';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { UserFormFooter, useUserSubmit } from './UserFormParts.tsx';
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
  const values = form.getValues();
  const { ref, busy, failure, submit } = useUserSubmit(form, {
    save: async (submitted) => {
      await usersApi.create(toPayload(submitted));
      toast.admin('success', USERS_MSG.created);
      onCreated();
    },
    failed: (error) => USERS_MSG.createFailed(createFailureDetail(error)),
    isField: (field) => FIELDS.has(field),
  });

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
        <UserFormFooter failure={failure} busy={busy} submitLabel="Create User" onCancel={onCancel} />
      </Stack>
    </form>
  );
}
