import { Title } from '@mantine/core';

/** Stub: replaced by the real panel in the events and public site issue. */
export function ClubDetailsPanel() {
  return <Title order={2}>Club Details</Title>;
}
