import { Alert, Anchor, Container, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { useProfileStore } from '../accounts/store.ts';
import { paths } from '../app/paths.ts';
import type { BookingResult } from './api.ts';
import { finishPayment } from './complete.ts';
import { afterPaymentFailure } from './failures.ts';
import { returnedReference } from './model.ts';
import { NotBooked } from './NotBooked.tsx';

/**
 * /booking/success (doc 1 §2, §4): where the payer lands after paying. A wallet or demo payment
 * arrives with its booking result; Stripe's return address carries the PaymentIntent, and the
 * page books against it (the server checks it with Stripe; if the webhook came first, the same
 * bookings are answered). It shows who is booked on what, any place lost and refunded, and the
 * payment reference.
 */
export function BookingSuccessPage() {
  const location = useLocation();
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const given = (location.state as { result?: BookingResult } | null)?.result ?? null;
  const reference = returnedReference(location.search);
  const [result, setResult] = useState<BookingResult | null>(given);
  const [failure, setFailure] = useState<{ message: string; reasons: string[] } | null>(null);

  useEffect(() => {
    if (given || !reference || !isLoggedIn) return;
    finishPayment(reference)
      .then(setResult)
      .catch((e: unknown) => setFailure(afterPaymentFailure(e, reference)));
  }, [given, reference, isLoggedIn]);

  // opened directly, or reloaded once the booking's state is gone: nothing was booked here
  if (!given && !reference) return <NoBooking />;

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Booking complete</Title>
        {failure ? (
          <>
            <Alert color="red" role="alert">
              {failure.message}
            </Alert>
            <NotBooked reasons={failure.reasons} />
          </>
        ) : result ? (
          <Outcome result={result} />
        ) : (
          <Group gap="xs">
            <Loader size="sm" aria-label="Loading" />
            <Text>Confirming your payment…</Text>
          </Group>
        )}
        <OnwardLinks />
      </Stack>
    </Container>
  );
}

function OnwardLinks() {
  return (
    <Group>
      <Anchor component={Link} to={paths.booking}>
        Back to events
      </Anchor>
      <Anchor component={Link} to={`${paths.profile}?tab=entries`}>
        My Entries
      </Anchor>
    </Group>
  );
}

/** /booking/success with no booking behind it (issue 26): says so, with no "Booking complete". */
function NoBooking() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{PAYMENT_MSG.noBooking}</Title>
        <Text>{PAYMENT_MSG.noBookingDetail}</Text>
        <OnwardLinks />
      </Stack>
    </Container>
  );
}

function Outcome({ result }: { result: BookingResult }) {
  return (
    <>
      <Alert color="teal" title={PAYMENT_MSG.succeeded} role="status">
        {result.booked.length > 0 ? (
          <List size="sm" aria-label="Booked">
            {result.booked.map((b) => (
              <List.Item key={b.id}>
                {b.participant_name} — {b.product_name}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">No place could be booked.</Text>
        )}
        <Text size="sm" mt="xs">
          A confirmation with your receipt is on its way by e-mail.
        </Text>
      </Alert>
      <NotBooked reasons={result.errors.map((e) => e.error)} />
      {result.payment && (
        <Text size="sm" data-testid="payment-reference">
          Paid £{result.payment.amount}
          {result.payment.refunded !== '0.00' ? `, £${result.payment.refunded} refunded` : ''} · Payment reference:{' '}
          {result.payment.reference}
        </Text>
      )}
    </>
  );
}
