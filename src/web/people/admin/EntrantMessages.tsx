import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import type { Product } from '../../../domain/events/product.ts';
import { ENTRANT_MSG, ENTRANT_TEXT } from '../../../domain/people/entrant-messages.ts';
import { textProblem } from '../../../domain/text.ts';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../api/server-error.ts';
import { toast } from '../../ui/toast.ts';
import {
  type EntrantPreview,
  useEntrantMessages,
  usePreviewEntrantMessage,
  useSendEntrantMessage,
} from './booked-api.ts';

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

type Fields = { subject: string; message: string };

function problems(values: Fields): Partial<Record<keyof Fields, string>> {
  const subject = values.subject.trim();
  const message = values.message.trim();
  const out: Partial<Record<keyof Fields, string>> = {};
  const s = subject ? textProblem(subject, ENTRANT_TEXT.subject) : ENTRANT_MSG.subjectRequired;
  const m = message ? textProblem(message, ENTRANT_TEXT.body) : ENTRANT_MSG.bodyRequired;
  if (s) out.subject = s;
  if (m) out.message = m;
  return out;
}

/**
 * Message entrants (issue 26): a subject and a message, a preview of the e-mail as the entrants
 * will get it with the number of people it goes to, and Send to confirm; the messages sent for
 * the event are listed below with who sent them and when.
 */
export function EntrantMessages({ event }: { event: Product }) {
  const list = useEntrantMessages(event.id);
  const preview = usePreviewEntrantMessage(event.id);
  const send = useSendEntrantMessage(event.id);
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<Fields>({ subject: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [shown, setShown] = useState<EntrantPreview | null>(null);
  const recipients = list.data?.recipients ?? 0;

  const close = () => {
    setOpened(false);
    setShown(null);
  };
  const serverErrors = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && Object.keys(error.fields).length) {
      setErrors(error.fieldMessages() as Partial<Record<keyof Fields, string>>);
      setShown(null);
    } else toast.admin('error', serverMessage(error, fallback));
  };
  const onPreview = async () => {
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      setShown(await preview.mutateAsync(values));
    } catch (error) {
      serverErrors(error, 'The preview could not be made. Please try again.');
    }
  };
  const onSend = async () => {
    try {
      const sent = await send.mutateAsync(values);
      toast.admin('success', ENTRANT_MSG.sent(sent.recipients));
      setValues({ subject: '', message: '' });
      close();
    } catch (error) {
      serverErrors(error, 'The message could not be sent. Please try again.');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="entrant-messages">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="xs">
        <Title order={3} id="entrant-messages">
          Messages to entrants
        </Title>
        <Button
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={() => setOpened(true)}
          disabled={list.isPending || recipients === 0}
        >
          Message entrants
        </Button>
      </Group>
      {list.isError ? (
        <Alert color="red" role="alert" title="The messages could not be loaded">
          <Button size="xs" variant="white" color="red" onClick={() => list.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : list.data && list.data.messages.length > 0 ? (
        <Stack gap="xs" component="ul" aria-label="Messages sent" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.messages.map((m) => (
            <Paper component="li" key={m.id} withBorder radius="sm" p="sm">
              <Text fw={600}>{m.subject}</Text>
              <Text size="sm" c="gray.7">
                Sent {london.format(new Date(m.created_at))} UK time by {m.sent_by} to {m.recipients}{' '}
                {m.recipients === 1 ? 'person' : 'people'}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} mt={4}>
                {m.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          {recipients === 0
            ? 'Nobody is booked yet, so there is nobody to message.'
            : 'No message has been sent to this event’s entrants yet. E-mail them all about a postponement, a venue change or start times.'}
        </Text>
      )}

      <Modal opened={opened} onClose={close} title={`Message entrants: ${event.name}`} size="lg">
        {shown ? (
          <Stack gap="sm">
            <Text fw={600}>Subject: {shown.subject}</Text>
            <iframe
              title="E-mail preview"
              srcDoc={shown.html}
              sandbox=""
              style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
            />
            <Alert color="blue" variant="light" data-testid="entrant-recipients">
              {ENTRANT_MSG.recipients(shown.recipients)}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setShown(null)}>
                Back to editing
              </Button>
              <Button loading={send.isPending} onClick={onSend}>
                Send to {shown.recipients} {shown.recipients === 1 ? 'person' : 'people'}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">
              {ENTRANT_MSG.recipients(recipients)}: each entrant and whoever paid for their entry, each address once.
            </Text>
            <TextInput
              label="Subject"
              required
              maxLength={ENTRANT_TEXT.subject.max}
              value={values.subject}
              error={errors.subject}
              onChange={(e) => setValues({ ...values, subject: e.currentTarget.value })}
            />
            <Textarea
              label="Message"
              required
              autosize
              minRows={6}
              maxLength={ENTRANT_TEXT.body.max}
              value={values.message}
              error={errors.message}
              onChange={(e) => setValues({ ...values, message: e.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button loading={preview.isPending} onClick={onPreview}>
                Preview
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
