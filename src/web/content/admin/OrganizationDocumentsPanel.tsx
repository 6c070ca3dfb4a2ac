import { Anchor, FileInput, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { SAFEGUARDING_POLICY_NAME, validateDocument } from '../../../domain/content/documents.ts';
import { focusFirstInvalid } from '../../accounts/form-helpers.ts';
import { toast } from '../../ui/toast.ts';
import type { OrganizationDocument } from '../api.ts';
import { useAdminDocuments, useDeleteDocument, useSaveDocument } from './api.ts';
import { fileProblem, PDF_ACCEPT, saveFailure, serverFieldErrors } from './form-utils.ts';
import {
  ContentList,
  confirmDelete,
  FILE_INPUT_STYLES,
  FormCard,
  FormFailure,
  ListState,
  SubmitButton,
} from './ui.tsx';
import { useEditing } from './useEditing.ts';

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
  const { editing, formKey, formBox, edit, done, forget } = useEditing<OrganizationDocument>();
  const askDelete = (doc: OrganizationDocument) =>
    confirmDelete({
      title: 'Delete document?',
      subject: <strong>{doc.name}</strong>,
      done: `${doc.name} deleted`,
      failed: 'Failed to delete document',
      run: async () => {
        await remove.mutateAsync(doc.id);
        forget((row) => row.id === doc.id);
      },
    });

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
            itemKey={(doc) => doc.id}
            columns={[
              { head: 'Name', cell: (doc) => doc.name, strong: true },
              { head: 'Document', cell: (doc) => <OpenPdf doc={doc} /> },
            ]}
            label={(doc) => doc.name}
            active={(doc) => editing?.id === doc.id}
            onEdit={edit}
            onDelete={askDelete}
          />
        )}
      </ListState>
      <FormCard
        ref={formBox}
        title={editing ? `Edit ${editing.name}` : 'Add a document'}
        editing={Boolean(editing)}
        onCancel={done}
      >
        <DocumentForm key={editing ? `edit-${editing.id}` : `new-${formKey}`} doc={editing} onSaved={done} />
      </FormCard>
    </Stack>
  );
}

function DocumentForm({ doc, onSaved }: { doc: OrganizationDocument | null; onSaved: () => void }) {
  const save = useSaveDocument();
  const ref = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
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

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await save.mutateAsync({ id: doc?.id, name: values.name.trim(), document: values.document });
        toast.admin('success', doc ? 'Document updated' : 'Document added');
        onSaved();
      } catch (error) {
        form.setErrors(serverFieldErrors(error, FIELDS));
        const action = doc ? 'update' : 'upload';
        setFailure(saveFailure(error, FIELDS, `Failed to ${action} the document. Please try again.`));
        focusFirstInvalid(ref.current);
      }
    },
    () => {
      setFailure(null);
      focusFirstInvalid(ref.current);
    },
  );

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
