import { Group, Stack, Text, Title } from '@mantine/core';
import { displayPrice } from '../../domain/money.ts';
import type { CartItem } from '../cart/api.ts';
import { EventDate } from '../events/EventDate.tsx';

/**
 * What a payment is for (issue 26 "Parents"): each line's event, date, participant and price, then
 * the total. A list of short blocks, so it reads the same on a phone as on a wide screen.
 */
export function PaymentLines({ lines, total }: { lines: readonly CartItem[]; total: string }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4" id="paying-for">
        Paying for
      </Title>
      <ul aria-labelledby="paying-for" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {lines.map((line) => (
          <li
            key={line.id}
            data-testid="payment-line"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)', padding: '0.5rem 0' }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.product_name}
                </Text>
                <Text size="sm">{line.participant_name || line.participant}</Text>
                {line.product_event_date && (
                  <Text size="sm" c="dimmed">
                    <EventDate iso={line.product_event_date} />
                  </Text>
                )}
              </div>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {displayPrice(String(line.product_price))}
              </Text>
            </Group>
          </li>
        ))}
      </ul>
      <Text fw={700} ta="right" data-testid="payment-total">
        Total: £{total}
      </Text>
    </Stack>
  );
}
