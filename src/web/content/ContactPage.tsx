import { Anchor, Box, Button, Container, Group, InputBase, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconMail, IconSend } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import type { ContactMessage } from '../../domain/content/contact.ts';
import { CONTACT_RESPONSE_PROMISE, CONTENT_MSG } from '../../domain/content/messages.ts';
import { focusFirstInvalid } from '../accounts/form-helpers.ts';
import { ApiError } from '../api/client.ts';
import { Columns } from '../ui/Columns.tsx';
import { LazyAlert } from '../ui/LazyAlert.tsx';
import { useAssociation } from '../ui/useAssociation.ts';
import { sendContactMessage, useFaqs } from './api.ts';
import classes from './ContactPage.module.css';
import { MESSAGE_MAX } from './contact-limits.ts';
import { FaqList } from './FaqList.tsx';
import { Loading } from './LoadState.tsx';
import { PageHero } from './PageHero.tsx';

const EMPTY: ContactMessage = { 'first-name': '', 'last-name': '', email: '', message: '' };

// The domain's contact rules are built with zod (24 KB gzip), which a painted page should not wait
// for: they load when the form is first used, and the message's limit comes from contact-limits.ts.
const loadContactRules = () => import('../../domain/content/contact.ts');

/** Starts loading the rules while the visitor types, so that they are there for the submit. */
function preloadContactRules(): void {
  void loadContactRules().catch(() => {
    // the submit's own import reports a failure
  });
}

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed' } | null;

/** The contact form: the domain's rules in the browser, the server's thank-you on success (and the
 * form clears), 'Failed to send message' on failure (and what was typed stays). */
function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const field = (key: keyof ContactMessage) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
      if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed: ContactMessage = {
      'first-name': values['first-name'].trim(),
      'last-name': values['last-name'].trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    };
    let found: Record<string, string>;
    try {
      found = (await loadContactRules()).validateContact(trimmed);
    } catch {
      setOutcome({ kind: 'failed' });
      return;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome(null);
      focusFirstInvalid(formRef.current);
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      const { message } = await sendContactMessage(trimmed);
      setValues(EMPTY);
      setOutcome({ kind: 'sent', message: message || CONTENT_MSG.contactSent });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fieldMessages());
        focusFirstInvalid(formRef.current);
      }
      setOutcome({ kind: 'failed' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} onFocus={preloadContactRules} noValidate aria-labelledby="contact-form-title">
      <Stack gap="md">
        <Title order={2} id="contact-form-title">
          Send us a message
        </Title>
        {outcome?.kind === 'sent' && (
          <LazyAlert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {outcome.message}
          </LazyAlert>
        )}
        {outcome?.kind === 'failed' && (
          <LazyAlert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {CONTENT_MSG.contactFailed}
          </LazyAlert>
        )}
        <Columns cols={{ base: 1, sm: 2 }}>
          <TextInput label="First Name" name="first-name" autoComplete="given-name" required {...field('first-name')} />
          <TextInput label="Last Name" name="last-name" autoComplete="family-name" required {...field('last-name')} />
        </Columns>
        <TextInput label="Email" name="email" type="email" autoComplete="email" required {...field('email')} />
        {/* a plain textarea that grows with its text where the browser can (field-sizing) and is
            resizable elsewhere: Mantine's Textarea brought its autosize script (~1.5 KB gzip) */}
        <InputBase
          component="textarea"
          multiline
          rows={5}
          classNames={{ input: classes.message }}
          label="Message"
          name="message"
          required
          maxLength={MESSAGE_MAX}
          {...field('message')}
        />
        <Group>
          <Button type="submit" loading={sending} leftSection={<IconSend size={18} aria-hidden />}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Contact (doc 1 §2): the message form, the 24-48 hours promise, and the FAQ list (id "faq"). A
 * failed FAQ load is only logged (doc 1 §8). */
export function ContactPage() {
  const association = useAssociation();
  const faqs = useFaqs();

  return (
    <>
      <PageHero title="Contact" subtitle={`We reply to every message within ${CONTACT_RESPONSE_PROMISE}.`} />
      <Container size="lg" py={48}>
        <div className={classes.layout}>
          <div>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <ContactForm />
            </Paper>
          </div>
          <div>
            <Stack gap="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconClock size={24} color="var(--mantine-color-blue-8)" aria-hidden style={{ flexShrink: 0 }} />
                <div>
                  <Text fw={700}>Replies within {CONTACT_RESPONSE_PROMISE}</Text>
                  <Text c="gray.7" size="sm">
                    Our volunteers read every message and answer you by e-mail.
                  </Text>
                </div>
              </Group>
              {association.email && (
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconMail size={24} color="var(--mantine-color-blue-8)" aria-hidden style={{ flexShrink: 0 }} />
                  <div>
                    <Text fw={700}>Prefer e-mail?</Text>
                    <Anchor href={`mailto:${association.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {association.email}
                    </Anchor>
                  </div>
                </Group>
              )}
            </Stack>
          </div>
        </div>
      </Container>

      <Box component="section" id="faq" aria-labelledby="faq-title" bg="gray.0" py={48}>
        <Container size="lg">
          <Title order={2} id="faq-title" mb="lg">
            Frequently Asked Questions
          </Title>
          {faqs.isPending ? (
            <Loading label="Loading FAQs..." />
          ) : (faqs.data ?? []).length === 0 ? (
            <Text c="gray.7">No questions have been answered here yet: send us yours.</Text>
          ) : (
            <FaqList faqs={faqs.data ?? []} />
          )}
        </Container>
      </Box>
    </>
  );
}
