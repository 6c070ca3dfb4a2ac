import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_EVENT_FILTER,
  EVENT_MSG,
  type EventFilter,
  filterEvents,
  type Product,
} from '../../../domain/events/index.ts';
import { focusFirstInvalid } from '../../accounts/form-helpers.ts';
import { ApiError } from '../../api/client.ts';
import { LIVE_LIST } from '../../app/freshness.ts';
import { toast } from '../../ui/toast.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { useProducts } from '../api.ts';
import { EventCard } from '../EventCard.tsx';
import { useSaveEvent } from './api.ts';
import classes from './BookingsPanel.module.css';
import { CancelEventModal } from './CancelEventModal.tsx';
import { CancelTermsModal } from './CancelTermsModal.tsx';
import { DocumentsModal } from './DocumentsModal.tsx';
import { EventForm } from './EventForm.tsx';
import { EventStatusBadge } from './EventStatusBadge.tsx';
import { EventTable } from './EventTable.tsx';
import { startTimeOf } from './model.ts';
import { useEventForm } from './useEventForm.ts';

/** What the toasts say where the text is silent (doc 2 §8 gives only the failures). */
const SAVED = { created: 'Booking created successfully', updated: 'Booking updated successfully' };

function Preview({ event }: { event: Product | null }) {
  return (
    <Stack gap="xs" aria-label="Preview" role="region">
      <Title order={4}>Preview</Title>
      <Text size="sm" c="dimmed">
        How the card will look on the public pages.
      </Text>
      {event ? (
        <EventCard event={event} preview />
      ) : (
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text size="sm" c="dimmed" ta="center">
            Choose an event type to see the card.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The admin Bookings panel (doc 2 §2, §4, §5, §8): the filterable event table with Edit,
 * Documents and Cancel event; the create/edit form beside a live preview card; the documents
 * modal. Every write refreshes the list (and the public pages' cached reads).
 */
export function BookingsPanel() {
  const { code } = useAssociation();
  const products = useProducts({ live: LIVE_LIST });
  const [filter, setFilter] = useState<EventFilter>(DEFAULT_EVENT_FILTER);
  const [documentsId, setDocumentsId] = useState<number | null>(null);
  const [termsOf, setTermsOf] = useState<Product | null>(null);
  const [cancelling, setCancelling] = useState<Product | null>(null);
  const form = useEventForm();
  const save = useSaveEvent();
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (products.isError) toast.admin('error', EVENT_MSG.loadFailed);
  }, [products.isError]);

  const all = products.data ?? [];
  const visible = useMemo(() => filterEvents(products.data ?? [], filter, new Date()), [products.data, filter]);
  const documentsEvent = all.find((event) => event.id === documentsId) ?? null;
  // the event being edited as the list now has it (a cancel elsewhere shows at once)
  const editing = all.find((event) => event.id === form.editing?.id) ?? form.editing;

  const showForm = () =>
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));

  const startNew = () => {
    form.reset();
    save.reset();
    showForm();
  };

  const startEdit = (event: Product) => {
    form.startEdit(event);
    save.reset();
    showForm();
  };

  const submit = () => {
    const found = form.validate();
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(
      {
        id: editing?.id ?? null,
        form: form.values,
        files: form.files,
        startTime: form.startTime,
        startTimeBefore: startTimeOf(editing),
      },
      {
        onSuccess: () => {
          toast.admin('success', editing ? SAVED.updated : SAVED.created);
          form.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            form.setErrors(error.fieldMessages());
            focusFirstInvalid(formRef.current);
          }
          toast.admin('error', EVENT_MSG.saveFailed);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>Bookings</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={startNew}>
          New event
        </Button>
      </Group>

      <Paper withBorder radius="md" className={classes.section}>
        <Title order={3} size="h4" mb="sm">
          Events
        </Title>
        <EventTable
          events={visible}
          code={code}
          filter={filter}
          onFilterChange={setFilter}
          loading={products.isPending}
          failed={products.isError}
          editingId={editing?.id ?? null}
          onEdit={startEdit}
          onDocuments={(event) => setDocumentsId(event.id)}
          onCancelTerms={setTermsOf}
          onCancelEvent={setCancelling}
        />
      </Paper>

      <Paper withBorder radius="md" ref={formRef} className={classes.section}>
        <Group justify="space-between" wrap="wrap" gap="xs" mb="md">
          <Title order={3} size="h4">
            {editing ? `Edit event: ${editing.name}` : 'Create event'}
          </Title>
          {editing && (
            <Group gap="xs">
              {editing.is_cancelled && <EventStatusBadge event={editing} now={new Date()} />}
              <Button variant="subtle" size="compact-sm" onClick={startNew}>
                New event instead
              </Button>
            </Group>
          )}
        </Group>
        <div className={classes.formAndPreview}>
          <div className={classes.form}>
            <EventForm form={form} code={code} saving={save.isPending} onSubmit={submit} onCancel={startNew} />
          </div>
          <div className={classes.preview}>
            <Preview event={form.preview} />
          </div>
        </div>
      </Paper>

      <DocumentsModal event={documentsEvent} onClose={() => setDocumentsId(null)} />
      <CancelTermsModal event={termsOf} onClose={() => setTermsOf(null)} />
      <CancelEventModal event={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
