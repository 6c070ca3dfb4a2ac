import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { GOVERNANCE_MAX, validateGovernance } from '../../../domain/content/governance.ts';
import { CONTENT_MSG } from '../../../domain/content/messages.ts';
import { focusFirstInvalid } from '../../accounts/form-helpers.ts';
import { useGovernance } from '../api.ts';
import { useUpdateGovernance } from './api.ts';
import { serverFieldErrors } from './form-utils.ts';

/** How long the inline success message stays (doc 2 §8). */
export const GOVERNANCE_SAVED_MS = 3000;
/** The spec's load failure wording for this panel (doc 2 §8). */
export const GOVERNANCE_LOAD_FAILED = 'Failed to load governance content';

/** Edit Governance (doc 2 §2, §5, §8): one large text area saved with Update Governance. A 404 on
 * load is an empty paragraph; success shows inline for 3 seconds; failures show inline too. */
export function GovernancePanel() {
  const query = useGovernance();

  return (
    <Stack gap="lg" maw={900}>
      <Title order={2}>Edit Governance</Title>
      <Text c="dimmed" size="sm">
        The text of the public Governance page. Leave a blank line between paragraphs.
      </Text>
      {query.isPending ? (
        <Center py="xl" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading governance content…</Text>
          </Group>
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={GOVERNANCE_LOAD_FAILED}>
          <Button
            mt="xs"
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Retry
          </Button>
        </Alert>
      ) : (
        <GovernanceForm paragraph={query.data.paragraph} />
      )}
    </Stack>
  );
}

type Result = { kind: 'success' | 'error'; message: string };

function GovernanceForm({ paragraph }: { paragraph: string }) {
  const update = useUpdateGovernance();
  const ref = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<Result | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { paragraph },
    validate: (values) => validateGovernance(values),
  });

  useEffect(() => {
    if (result?.kind !== 'success') return;
    const timer = setTimeout(() => setResult(null), GOVERNANCE_SAVED_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const submit = form.onSubmit(
    async (values) => {
      setResult(null);
      try {
        const saved = await update.mutateAsync(values.paragraph.trim());
        form.setValues({ paragraph: saved.paragraph });
        form.resetDirty({ paragraph: saved.paragraph });
        setResult({ kind: 'success', message: CONTENT_MSG.governanceUpdated });
      } catch (error) {
        console.error(CONTENT_MSG.governanceUpdateFailed, error);
        form.setErrors(serverFieldErrors(error, ['paragraph']));
        setResult({ kind: 'error', message: CONTENT_MSG.governanceUpdateFailed });
      }
    },
    () => {
      setResult(null);
      focusFirstInvalid(ref.current);
    },
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form ref={ref} onSubmit={submit} noValidate>
        <Textarea
          label="Governance paragraph"
          required
          autosize
          minRows={12}
          maxRows={30}
          description={`${form.values.paragraph.length} / ${GOVERNANCE_MAX} characters`}
          {...form.getInputProps('paragraph')}
        />
        <Group mt="md" gap="md" align="center">
          <Button type="submit" loading={update.isPending}>
            Update Governance
          </Button>
          {form.isDirty() && !update.isPending && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
        <div aria-live="polite">
          {result && (
            <Alert
              mt="md"
              role={result.kind === 'error' ? 'alert' : 'status'}
              color={result.kind === 'success' ? 'green' : 'red'}
              icon={
                result.kind === 'success' ? (
                  <IconCircleCheck size={18} aria-hidden />
                ) : (
                  <IconAlertCircle size={18} aria-hidden />
                )
              }
            >
              {result.message}
            </Alert>
          )}
        </div>
      </form>
    </Paper>
  );
}
