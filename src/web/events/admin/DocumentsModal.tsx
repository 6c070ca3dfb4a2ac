import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  FileInput,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileText, IconTrash, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { EVENT_MSG, type FieldMessages, type Product, validateBookingDocument } from '../../../domain/events/index.ts';
import { ApiError } from '../../api/client.ts';
import { openConfirm } from '../../ui/confirm.ts';
import { toast } from '../../ui/toast.ts';
import { useAddDocument, useDeleteDocument } from './api.ts';
import { ACCEPT } from './model.ts';

interface DocumentsModalProps {
  /** The event whose documents show; null keeps the modal closed. */
  event: Product | null;
  onClose: () => void;
}

function uploadedOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** The add-document form (doc 2 §2, §5, §8): a name and a pdf, doc, docx or txt file. */
function AddDocumentForm({ event }: { event: Product }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const add = useAddDocument();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateBookingDocument({ name, hasFile: file !== null });
    setErrors(found);
    if (!file || Object.keys(found).length > 0) return;
    add.mutate(
      { productId: event.id, name, file },
      {
        onSuccess: () => {
          toast.admin('success', 'Document uploaded successfully');
          setName('');
          setFile(null);
          setErrors({});
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldMessages());
          toast.admin('error', EVENT_MSG.uploadFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add document">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Add document
        </Title>
        <TextInput
          label="Document name"
          withAsterisk
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((current) => ({ ...current, name: '' }));
          }}
          error={errors.name || undefined}
        />
        <FileInput
          label="File"
          description="PDF, DOC, DOCX or TXT"
          placeholder="Choose a file"
          accept={ACCEPT.document}
          name="document"
          withAsterisk
          clearable
          leftSection={<IconFileText size={18} aria-hidden />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setErrors((current) => ({ ...current, document: '' }));
          }}
          error={errors.document || undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The documents linked to an event, each with delete (after a confirmation). */
function DocumentList({ event }: { event: Product }) {
  const remove = useDeleteDocument();

  const confirmDelete = (doc: Product['documents'][number]) =>
    openConfirm({
      title: 'Delete document?',
      children: (
        <Text size="sm">
          Are you sure you want to delete “{doc.name}” from {event.name}? Visitors will no longer be able to open it.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      onConfirm: () =>
        remove.mutate(doc.id, {
          onSuccess: () => toast.admin('success', 'Document deleted successfully'),
          onError: () => toast.admin('error', EVENT_MSG.deleteFailed),
        }),
    });

  if (event.documents.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No documents linked to this event yet.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Linked documents">
      {event.documents.map((doc) => (
        <Paper component="li" key={doc.id} withBorder radius="sm" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Anchor href={doc.document} target="_blank" rel="noopener" fw={600}>
                {doc.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                Uploaded {uploadedOn(doc.uploaded_at)}
              </Text>
            </div>
            <ActionIcon
              variant="outline"
              color="red.8"
              aria-label={`Delete ${doc.name}`}
              onClick={() => confirmDelete(doc)}
              loading={remove.isPending && remove.variables === doc.id}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Documents of one event (doc 2 §2): the list with delete, and the add-document form. */
export function DocumentsModal({ event, onClose }: DocumentsModalProps) {
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      title={event ? `Documents: ${event.name}` : 'Documents'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {event && (
        <Stack gap="md">
          <Title order={3} size="h5">
            Linked documents
          </Title>
          <DocumentList event={event} />
          <Divider />
          <AddDocumentForm key={event.id} event={event} />
        </Stack>
      )}
    </Modal>
  );
}
