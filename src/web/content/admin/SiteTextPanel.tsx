import { Alert, Button, Center, Divider, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  CONTENT_LIMITS,
  type ContentBlocks,
  type ContentUpdate,
  TEXT_BLOCK_KEYS,
  type TextBlockKey,
  validateContentUpdate,
} from '../../../domain/content/blocks.ts';
import { toast } from '../../ui/toast.ts';
import { useContentBlocks } from '../api.ts';
import { useUpdateContentBlocks } from './api.ts';
import { TestimonialsEditor } from './TestimonialsEditor.tsx';
import { FormFailure, RetryButton } from './ui.tsx';
import { useSaveForm } from './useSaveForm.ts';

/** Each text block as the panel names it, and where the public site shows it. */
export const BLOCK_FIELDS: Record<TextBlockKey, { label: string; where: string }> = {
  home_intro: { label: 'Home introduction', where: 'The welcome text on the Home page.' },
  about_mission: { label: 'About: our mission', where: 'Our Mission on the About page.' },
  about_start_racing: { label: 'About: start racing', where: 'How to Start Racing on the About page.' },
  schools_rules: { label: 'Schools rules', where: 'The rules and entry fees on the Schools page.' },
  safeguarding: { label: 'Safeguarding', where: 'The text of the Safeguarding page.' },
};

export interface TestimonialRow {
  key: string;
  quote: string;
  author: string;
}

export type SiteTextValues = Record<TextBlockKey, string> & { testimonials: TestimonialRow[] };

function toValues(blocks: ContentBlocks): SiteTextValues {
  return {
    ...blocks,
    testimonials: blocks.testimonials.map((t) => ({ key: randomId(), quote: t.quote, author: t.author })),
  };
}

function toUpdate(values: SiteTextValues): ContentUpdate {
  const text = Object.fromEntries(TEXT_BLOCK_KEYS.map((key) => [key, values[key].trim()]));
  return {
    ...text,
    testimonials: values.testimonials.map((t) => ({ quote: t.quote.trim(), author: t.author.trim() })),
  };
}

/** The Edit Content panel's 'Site Text' tab: the text blocks the spec leaves static (issue 3). */
export function SiteTextPanel() {
  const query = useContentBlocks();
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading the site text…</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title="Failed to load the site text">
        <RetryButton query={query} mt="xs" />
      </Alert>
    );
  }
  return <SiteTextForm blocks={query.data} />;
}

function SiteTextForm({ blocks }: { blocks: ContentBlocks }) {
  const save = useUpdateContentBlocks();
  const form = useForm<SiteTextValues>({
    mode: 'controlled',
    initialValues: toValues(blocks),
    validate: (values) => validateContentUpdate(toUpdate(values)),
  });

  const { ref, failure, submit } = useSaveForm(form, {
    fields: (values) => [
      ...TEXT_BLOCK_KEYS,
      'testimonials',
      ...values.testimonials.flatMap((_, i) => [`testimonials.${i}.quote`, `testimonials.${i}.author`]),
    ],
    failed: 'Failed to save the site text. Please try again.',
    save: async (values) => {
      const saved = toValues(await save.mutateAsync(toUpdate(values)));
      form.setValues(saved);
      form.resetDirty(saved);
      toast.admin('success', 'Site text saved');
    },
  });

  const block = (key: TextBlockKey) => (
    <Textarea
      key={key}
      label={BLOCK_FIELDS[key].label}
      description={`${BLOCK_FIELDS[key].where} ${form.values[key].length} / ${CONTENT_LIMITS.text} characters.`}
      autosize
      minRows={4}
      maxRows={16}
      {...form.getInputProps(key)}
    />
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <form ref={ref} onSubmit={submit} noValidate>
        <Text size="sm" c="dimmed" mb="md">
          Plain text: leave a blank line between paragraphs, and start a line with “- ” for a list item. Leave a block
          empty to put its original text back.
        </Text>
        <FormFailure message={failure} />
        <Stack gap="lg">
          {block('home_intro')}
          <Divider label="About page" labelPosition="left" />
          {block('about_mission')}
          {block('about_start_racing')}
          <TestimonialsEditor form={form} />
          <Divider label="Schools and safeguarding" labelPosition="left" />
          {block('schools_rules')}
          {block('safeguarding')}
        </Stack>
        <Group mt="lg" gap="md">
          <Button type="submit" loading={save.isPending}>
            Save site text
          </Button>
          {form.isDirty() && !save.isPending && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
      </form>
    </Paper>
  );
}
