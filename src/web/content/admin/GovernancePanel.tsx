import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef } from 'react';
import { GOVERNANCE_MAX, validateGovernance } from '../../../domain/content/governance.ts';
import { CONTENT_MSG } from '../../../domain/content/messages.ts';
import { focusFirstInvalid } from '../../accounts/form-helpers.ts';
import { ResultAlert, useTimedResult } from '../../ui/ResultAlert.tsx';
import { useGovernance } from '../api.ts';
import { useUpdateGovernance } from './api.ts';
import { serverFieldErrors } from './form-utils.ts';
import { RetryButton } from './ui.tsx';

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
          <RetryButton query={query} mt="xs" />
        </Alert>
      ) : (
        <GovernanceForm paragraph={query.data.paragraph} />
      )}
    </Stack>
  );
}

function GovernanceForm({ paragraph }: { paragraph: string }) {
  const update = useUpdateGovernance();
  const ref = useRef<HTMLFormElement>(null);
  const [result, setResult] = useTimedResult(GOVERNANCE_SAVED_MS, ['success']);
  const form = useForm({
    mode: 'controlled',
    initialValues: { paragraph },
    validate: (values) => validateGovernance(values),
  });

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
          <ResultAlert result={result} />
        </div>
      </form>
    </Paper>
  );
}
