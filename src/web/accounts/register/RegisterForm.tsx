import { Alert, Anchor, Button, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../domain/accounts/messages.ts';
import { ApiError } from '../../api/client.ts';
import { serverErrorText } from '../../api/server-error.ts';
import { paths } from '../../app/paths.ts';
import { useModalStore } from '../../ui/modal-store.ts';
import { TOAST_ADD_ANOTHER_MS, TOAST_WELCOME_MS, toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { accountsApi, logIn } from '../api.ts';
import { focusFirstInvalid } from '../form-helpers.ts';
import { AccountFields } from './AccountFields.tsx';
import { ConsentFields } from './ConsentFields.tsx';
import { RacerFields } from './RacerFields.tsx';
import { DOB_ERROR, EMPTY_REGISTRATION, type RegisterValues, toPayload, useRegisterForm } from './useRegisterForm.ts';

type Action = 'register' | 'another';

export const ADD_ANOTHER_MESSAGE =
  'Account created. To link accounts into a family, log in to the main account and use Linked Accounts on My Profile.';

const RACER = 'Racer';
const NON_RACER = 'Non-racer';

/** The fields of the form, for placing server errors; anything else is shown above the buttons. */
const FORM_FIELDS = new Set<string>([...Object.keys(EMPTY_REGISTRATION), DOB_ERROR]);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The registration form (doc 1 §2, §4, §5): racer choice, every payload field, the live password
 * checklist; 'Register' signs the new user in, 'Register & Add Another User' starts again. */
export function RegisterForm() {
  const { code: provider } = useAssociation();
  const form = useRegisterForm(provider);
  const open = useModalStore((s) => s.open);
  const close = useModalStore((s) => s.close);
  const navigate = useNavigate();
  const ref = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const values: RegisterValues = form.getValues();

  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const placed: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const [field, message] of Object.entries(error.fieldMessages())) {
        if (FORM_FIELDS.has(field)) placed[field] = message;
        else elsewhere.push(message);
      }
      form.setErrors(placed);
      setFailure(elsewhere.length > 0 ? elsewhere.join(' ') : null);
      focusFirstInvalid(ref.current);
      return;
    }
    setFailure((error instanceof ApiError && error.status === 429 && serverErrorText(error)) || MSG.registerUnexpected);
  };

  const submit = (action: Action) =>
    form.onSubmit(
      async (submitted) => {
        const payload = toPayload(submitted);
        setFailure(null);
        setBusy(action);
        try {
          await accountsApi.register(payload);
        } catch (error) {
          showServerErrors(error);
          setBusy(null);
          return;
        }
        if (action === 'another') {
          form.reset();
          setBusy(null);
          ref.current?.scrollIntoView({ block: 'start' });
          toast.success(ADD_ANOTHER_MESSAGE, { duration: TOAST_ADD_ANOTHER_MS, position: 'top-center' });
          return;
        }
        try {
          const user = await logIn(payload.username, payload.password);
          close();
          navigate(paths.home);
          toast.success(`Welcome, ${user.first_name}!`, { duration: TOAST_WELCOME_MS, position: 'top-center' });
        } catch {
          toast.error(MSG.registerAutoLoginFailed);
          open('login');
        } finally {
          setBusy(null);
        }
      },
      () => {
        setFailure(null);
        focusFirstInvalid(ref.current);
      },
    );

  return (
    <form ref={ref} onSubmit={submit('register')} noValidate>
      <Stack gap="lg">
        {/* the first thing in the form, and where focus starts, before the name fields */}
        <Radio.Group
          label="Are you registering as a racer?"
          description="Racers take part in events. Choose Non-racer for a parent or guardian account that books for others."
          value={values.is_racer ? RACER : NON_RACER}
          onChange={(choice) => form.setFieldValue('is_racer', choice === RACER)}
        >
          <Group gap="xl" mt="xs">
            {[RACER, NON_RACER].map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={choice}
                data-autofocus={(choice === RACER) === values.is_racer || undefined}
              />
            ))}
          </Group>
        </Radio.Group>

        <Section title="Your details">
          <AccountFields form={form} />
        </Section>

        {values.is_racer && (
          <Section title="Racer details">
            <RacerFields form={form} />
          </Section>
        )}

        <Section title="Emergency contact, policies and permissions">
          <ConsentFields form={form} provider={provider} />
        </Section>

        {failure && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}

        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button type="submit" loading={busy === 'register'} disabled={busy === 'another'}>
              Register
            </Button>
            <Button
              variant="light"
              loading={busy === 'another'}
              disabled={busy === 'register'}
              onClick={() => submit('another')()}
            >
              Register &amp; Add Another User
            </Button>
          </SimpleGrid>
          <Group gap={4} justify="center">
            <Text size="sm">Already have an account?</Text>
            <Anchor component="button" type="button" size="sm" onClick={() => open('login')}>
              Log In Now!
            </Anchor>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
