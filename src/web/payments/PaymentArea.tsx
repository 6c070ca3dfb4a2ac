import { Alert, Button, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../domain/money.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { paths } from '../app/paths.ts';
import type { CartItem } from '../cart/api.ts';
import { useOfferHolds } from '../waiting-list/queries.ts';
import type { StartedPayment } from './api.ts';
import { finishPayment } from './complete.ts';
import { DemoCardForm } from './DemoCardForm.tsx';
import { afterPaymentFailure } from './failures.ts';
import { holdText, offerHold } from './model.ts';
import { NotBooked } from './NotBooked.tsx';
import { useProviders } from './queries.ts';

const StripeCardForm = lazy(() => import('./StripeCardForm.tsx'));

/** Shows how long the places stay held, ticking once a second while a payment runs; before one
 * starts, until when an accepted waiting-list offer holds those of `lines` (cart line ids) it holds. */
export function HoldNote({
  minutes,
  heldUntil,
  lines,
}: {
  minutes: number;
  heldUntil: string | null;
  lines: number[];
}) {
  const [now, setNow] = useState(() => new Date());
  const holds = useOfferHolds(heldUntil === null && lines.length > 0);
  useEffect(() => {
    if (!heldUntil) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [heldUntil]);
  return (
    <Text size="sm" role="status" aria-live="polite" data-testid="hold-note">
      {holdText(minutes, heldUntil, now, offerHold(holds.data ?? [], lines))}
    </Text>
  );
}

/**
 * The checkout's payment area (doc 1 §2, §4): the card form of this site's provider (Stripe's
 * Payment Element, or the labelled demo form), how long the hold lasts, and the way to the wallet
 * on /payment. After a demo payment the bookings are made here and the success page shows them;
 * after Stripe's, its return address does it.
 */
export function PaymentArea({ paid }: { paid: CartItem[] }) {
  const providers = useProviders();
  const navigate = useNavigate();
  const [heldUntil, setHeldUntil] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; reasons: string[] } | null>(null);
  const amountPence = paid.reduce((sum, i) => sum + Math.round(Number(i.product_price) * 100), 0);
  const amount = formatPrice(amountPence);
  const ids = paid.map((i) => i.id);
  const onStarted = (started: StartedPayment) => setHeldUntil(started.held_until);

  const onPaid = async (reference: string) => {
    try {
      const result = await finishPayment(reference);
      navigate(paths.bookingSuccess, { state: { result } });
    } catch (e) {
      setFailure(afterPaymentFailure(e, reference));
    }
  };

  if (providers.isPending) return <Loader aria-label="Loading" size="sm" />;
  if (providers.isError) {
    return (
      <Alert color="red" role="alert">
        {PAYMENT_MSG.initFailed}
      </Alert>
    );
  }
  const { card, wallet, publishableKey, hold_minutes } = providers.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payment-heading" w="100%">
      <Stack gap="sm">
        <Title order={2} size="h3" id="payment-heading">
          Payment
        </Title>
        <HoldNote minutes={hold_minutes} heldUntil={heldUntil} lines={ids} />
        {failure && (
          <>
            <Alert color="red" role="alert">
              {failure.message}
            </Alert>
            <NotBooked reasons={failure.reasons} />
          </>
        )}
        {card === 'stripe' && publishableKey ? (
          <Suspense fallback={<Loader aria-label="Loading" size="sm" />}>
            <StripeCardForm
              publishableKey={publishableKey}
              amountPence={amountPence}
              amount={amount}
              cartItemIds={ids}
              onStarted={onStarted}
            />
          </Suspense>
        ) : card === 'demo' ? (
          <DemoCardForm amount={amount} cartItemIds={ids} onStarted={onStarted} onPaid={onPaid} />
        ) : (
          <Alert color="orange" role="alert">
            {PAYMENT_MSG.notConfigured}
          </Alert>
        )}
        {wallet && (
          <>
            <Divider label="or" labelPosition="center" />
            <Button component={Link} to={paths.payment} variant="outline">
              Pay with PayPal{wallet === 'demo' ? ' (demo)' : ''}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
