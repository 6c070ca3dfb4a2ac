import { Button, Fieldset, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CONTENT_LIMITS } from '../../../domain/content/blocks.ts';
import type { SiteTextValues } from './SiteTextPanel.tsx';

/** The About page's testimonials: rows of quote and author, added and removed here, saved with
 * the rest of the site text. An empty list shows none. */
export function TestimonialsEditor({ form }: { form: UseFormReturnType<SiteTextValues> }) {
  const rows = form.values.testimonials;
  const full = rows.length >= CONTENT_LIMITS.testimonials;
  const listError = form.errors.testimonials;

  return (
    <Fieldset legend="Testimonials" variant="filled" radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Text size="sm" c="dimmed" mb="sm">
        Quotes from racers and parents on the About page (up to {CONTENT_LIMITS.testimonials}).
      </Text>
      <Stack gap="sm">
        {rows.length === 0 && (
          <Text size="sm" fs="italic">
            No testimonials: the About page shows none.
          </Text>
        )}
        {rows.map((row, i) => (
          <Paper key={row.key} withBorder p="sm" radius="md" data-testid="testimonial-row">
            <Stack gap="xs">
              <Textarea
                label={`Quote ${i + 1}`}
                required
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps(`testimonials.${i}.quote`)}
              />
              <TextInput label={`Author ${i + 1}`} required {...form.getInputProps(`testimonials.${i}.author`)} />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red.9"
                  c="red.9"
                  size="xs"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={`Remove testimonial ${i + 1}`}
                  onClick={() => form.removeListItem('testimonials', i)}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        {listError && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={full}
            onClick={() => form.insertListItem('testimonials', { key: randomId(), quote: '', author: '' })}
          >
            Add testimonial
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
