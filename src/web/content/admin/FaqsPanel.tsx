import { Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FAQ_LIMITS, type FaqValues, faqAnswerPreview, validateFaq } from '../../../domain/content/faqs.ts';
import { toast } from '../../ui/toast.ts';
import { type Faq, useFaqs } from '../api.ts';
import { useDeleteFaq, useSaveFaq } from './api.ts';
import { ContentList, FormCard, FormFailure, ListState, SubmitButton } from './ui.tsx';
import { useEditing } from './useEditing.ts';
import { useSaveForm } from './useSaveForm.ts';

const FIELDS = ['question', 'answer'] as const;

/** Edit FAQs (doc 2 §2, §4, §5, §9): the questions with answers cut to 100 characters, edit and
 * delete per row (delete asks first), and the create/edit form below. */
export function FaqsPanel() {
  const query = useFaqs();
  const remove = useDeleteFaq();
  const editor = useEditing<Faq>({
    remove: remove.mutateAsync,
    confirm: (faq) => ({
      title: 'Delete FAQ?',
      subject: <strong>“{faq.question}”</strong>,
      done: 'FAQ deleted',
      failed: 'Failed to delete FAQ',
    }),
  });
  const { editing } = editor;

  return (
    <Stack gap="lg">
      <Title order={2}>Edit FAQs</Title>
      <Text c="dimmed" size="sm">
        The questions and answers shown on the Contact page.
      </Text>
      <ListState query={query} what="FAQs" empty="No FAQs yet" emptyHint="Add the first question with the form below.">
        {(faqs) => (
          <ContentList
            caption="FAQs"
            items={faqs}
            columns={[
              { head: 'Question', cell: (faq) => faq.question, maw: 280, strong: true },
              {
                head: 'Answer',
                cell: (faq) => (
                  <Text size="sm" c="gray.7">
                    {faqAnswerPreview(faq.answer)}
                  </Text>
                ),
              },
            ]}
            label={(faq) => `FAQ: ${faq.question}`}
            editor={editor}
            minWidth={640}
          />
        )}
      </ListState>
      <FormCard {...editor.formCard} title={editing ? 'Edit FAQ' : 'Add an FAQ'}>
        <FaqForm key={editor.formKey} faq={editing} onSaved={editor.done} />
      </FormCard>
    </Stack>
  );
}

function FaqForm({ faq, onSaved }: { faq: Faq | null; onSaved: () => void }) {
  const save = useSaveFaq();
  const form = useForm<FaqValues>({
    mode: 'controlled',
    initialValues: { question: faq?.question ?? '', answer: faq?.answer ?? '' },
    validate: (values) => validateFaq(values),
  });

  const { ref, failure, submit } = useSaveForm(form, {
    fields: FIELDS,
    failed: `Failed to ${faq ? 'update' : 'add'} the FAQ. Please try again.`,
    save: async (values) => {
      await save.mutateAsync({
        id: faq?.id,
        values: { question: values.question.trim(), answer: values.answer.trim() },
      });
      toast.admin('success', faq ? 'FAQ updated' : 'FAQ added');
      onSaved();
    },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <FormFailure message={failure} />
      <Stack gap="sm">
        <TextInput label="Question" required {...form.getInputProps('question')} />
        <Textarea
          label="Answer"
          required
          autosize
          minRows={4}
          maxRows={14}
          description={`${form.values.answer.length} / ${FAQ_LIMITS.answer} characters`}
          {...form.getInputProps('answer')}
        />
      </Stack>
      <SubmitButton editing={Boolean(faq)} busy={save.isPending} />
    </form>
  );
}
