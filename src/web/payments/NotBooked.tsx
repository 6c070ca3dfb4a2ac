import { Alert, List } from '@mantine/core';

/** The lines a payment could not book, each in our server's words (each says what happened and
 * that its amount is refunded), apart from any message of the page's own. */
export function NotBooked({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <Alert color="orange" role="alert" title="Not booked">
      <List size="sm" aria-label="Not booked">
        {reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
