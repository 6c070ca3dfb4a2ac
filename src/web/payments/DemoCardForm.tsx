import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { paymentsApi, type StartedPayment } from './api.ts';
import { chargeFailure, startFailure } from './failures.ts';
import { cardDigits } from './model.ts';

interface Props {
  amount: string;
  cartItemIds: number[];
  onStarted(started: StartedPayment): void;
  onPaid(reference: string): Promise<void>;
}

/**
 * The demo provider's card form (decisions.md: clearly labelled, never in production). Pay Now
 * starts the payment (which holds the places), then "charges" the test card: 4242 4242 4242 4242
 * pays, 4000 0000 0000 0002 is declined and nothing changes.
 */
export function DemoCardForm({ amount, cartItemIds, onStarted, onPaid }: Props) {
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // which step failed decides the words: starting (the places held), or charging the card
    let started: StartedPayment | null = null;
    try {
      started = await paymentsApi.startCard(amount, cartItemIds);
      onStarted(started);
      await paymentsApi.completeDemo(started.payment_reference, card);
    } catch (e) {
      setError(started ? chargeFailure(e) : startFailure(e));
      setBusy(false);
      return;
    }
    try {
      // once paid, a failure to book is the payment area's to tell (onPaid)
      await onPaid(started.payment_reference);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={pay} aria-label="Demo card payment" noValidate>
      <Stack gap="sm">
        <Alert color="yellow" title="Demo payment — no money moves" role="note">
          This site has no card provider set up, so a demo stands in. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002
          is declined; 4000 0000 0000 5126 pays and its refunds are refused; 4000 0000 0000 0119 pays and its refunds
          never send.
        </Alert>
        <TextInput
          label="Card number"
          name="card_number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card}
          onChange={(e) => setCard(cardDigits(e.currentTarget.value))}
          error={error ?? undefined}
          required
        />
        <Text size="sm" c="dimmed">
          Amount: £{amount}
        </Text>
        <Button type="submit" disabled={busy}>
          {busy ? 'Processing...' : 'Pay Now'}
        </Button>
      </Stack>
    </form>
  );
}
