import { Anchor, FileInput, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { SAFEGUARDING_POLICY_NAME, validateDocument } from '../../../domain/content/documents.ts';
import { toast } from '../../ui/toast.ts';
import type { OrganizationDocument } from '../api.ts';
import { useAdminDocuments, useDeleteDocument, useSaveDocument } from './api.ts';
import { fileProblem, PDF_ACCEPT } from './form-utils.ts';
import { ContentList, FILE_INPUT_STYLES, FormCard, FormFailure, ListState, SubmitButton } from './ui.tsx';
import { useEditing } from './useEditing.ts';
import { useSaveForm } from './useSaveForm.ts';

const FIELDS = ['name', 'document'] as const;

function OpenPdf({ doc }: { doc: OrganizationDocument }) {
  return (
    <Anchor
      href={doc.document}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open PDF: ${doc.name} (opens in a new tab)`}
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconFileTypePdf size={18} aria-hidden />
        Open PDF
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

/** Edit Document Content (doc 2 §2, §4, §5): the organisation's policy documents (PDF), listed in
 * the footer and on the Policies page; edit and delete per row (delete asks first). */
export function OrganizationDocumentsPanel() {
  const query = useAdminDocuments();
  const remove = useDeleteDocument();
  const editor = useEditing<OrganizationDocument>({
    remove: remove.mutateAsync,
    confirm: (doc) => ({
      title: 'Delete document?',
      subject: <strong>{doc.name}</strong>,
      done: `${doc.name} deleted`,
      failed: 'Failed to delete document',
    }),
  });
  const { editing } = editor;

  return (
    <Stack gap="lg">
      <Title order={2}>Edit Document Content</Title>
      <Text c="dimmed" size="sm">
        The association's documents, linked from the footer and the Policies page. The Safeguarding page links the
        document named exactly “{SAFEGUARDING_POLICY_NAME}”.
      </Text>
      <ListState
        query={query}
        what="documents"
        empty="No documents yet"
        emptyHint="Upload the first PDF with the form below."
      >
        {(docs) => (
          <ContentList
            caption="Organisation documents"
            items={docs}
            columns={[
              { head: 'Name', cell: (doc) => doc.name, strong: true },
              { head: 'Document', cell: (doc) => <OpenPdf doc={doc} /> },
            ]}
            label={(doc) => doc.name}
            editor={editor}
          />
        )}
      </ListState>
      <FormCard {...editor.formCard} title={editing ? `Edit ${editing.name}` : 'Add a document'}>
        <DocumentForm key={editor.formKey} doc={editing} onSaved={editor.done} />
      </FormCard>
    </Stack>
  );
}

function DocumentForm({ doc, onSaved }: { doc: OrganizationDocument | null; onSaved: () => void }) {
  const save = useSaveDocument();
  const form = useForm<{ name: string; document: File | null }>({
    mode: 'controlled',
    initialValues: { name: doc?.name ?? '', document: null },
    validate: (values) => {
      // a file is required when adding; when editing, none keeps the current one
      const errors: Record<string, string> = validateDocument({
        name: values.name,
        hasFile: Boolean(doc) || Boolean(values.document),
      });
      const file = fileProblem(values.document, 'pdf');
      if (file) errors.document = file;
      return errors;
    },
  });

  const { ref, failure, submit } = useSaveForm(form, {
    fields: FIELDS,
    failed: `Failed to ${doc ? 'update' : 'upload'} the document. Please try again.`,
    save: async (values) => {
      await save.mutateAsync({ id: doc?.id, name: values.name.trim(), document: values.document });
      toast.admin('success', doc ? 'Document updated' : 'Document added');
      onSaved();
    },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <FormFailure message={failure} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Document name"
          description="As shown in the footer and on the Policies page"
          required
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <FileInput
          label="PDF file"
          required={!doc}
          description={doc ? 'Choose a file only to replace the current PDF' : 'PDF only, up to 10 MB'}
          placeholder="Choose a PDF"
          styles={FILE_INPUT_STYLES}
          accept={PDF_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          {...form.getInputProps('document')}
        />
      </SimpleGrid>
      {doc && (
        <Text size="sm" mt="sm">
          Current file:{' '}
          <Anchor href={doc.document} target="_blank" rel="noopener noreferrer">
            open the current PDF
          </Anchor>
        </Text>
      )}
      <SubmitButton editing={Boolean(doc)} busy={save.isPending} />
    </form>
  );
}
