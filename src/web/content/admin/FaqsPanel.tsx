import { Title } from '@mantine/core';

/** Stub: replaced by the real panel in the events and public site issue. */
export function FaqsPanel() {
  return <Title order={2}>Edit FAQs</Title>;
}
