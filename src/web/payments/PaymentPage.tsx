import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../domain/money.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { useProfileStore } from '../accounts/store.ts';
import { ApiError } from '../api/client.ts';
import { serverErrorText } from '../api/server-error.ts';
import { paths } from '../app/paths.ts';
import { useCartStore } from '../cart/store.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { paymentsApi } from './api.ts';
import { bookFreeLinesToo } from './complete.ts';
import { splitCart } from './model.ts';
import { HoldNote } from './PaymentArea.tsx';
import { PaymentLines } from './PaymentLines.tsx';
import { useProviders } from './queries.ts';

const PayPalWallet = lazy(() => import('./PayPalWallet.tsx'));

/**
 * /payment (doc 1 §2, §4 "Payment page"): 'Payment Page' with the wallet button for the cart
 * total, Loading until it is ready. The server creates and captures the order; on approval the
 * bookings are made, the cart is emptied and the payer goes to the success page; a failure goes
 * to the error page with the spec's message. Above the button, what is being paid for: each
 * line's event, date, participant and price, then the total (issue 26).
 */
export function PaymentPage() {
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const openModal = useModalStore((s) => s.open);
  const items = useCartStore((s) => s.items);
  const providers = useProviders();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [heldUntil, setHeldUntil] = useState<string | null>(null);
  // a start refused before any money moved (an event filled, the cart changed) says why
  const refusal = useRef<string | null>(null);

  useEffect(() => {
    if (isLoggedIn) void useCartStore.getState().refresh();
  }, [isLoggedIn]);

  if (!isLoggedIn) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Payment Page</Title>
        <Text mt="md">Log in to pay for your cart.</Text>
        <Button mt="md" onClick={() => openModal('login')}>
          Log In
        </Button>
      </Container>
    );
  }

  const { paid } = splitCart(items);
  const amountPence = paid.reduce((sum, i) => sum + Math.round(Number(i.product_price) * 100), 0);
  const amount = formatPrice(amountPence);
  const ids = paid.map((i) => i.id);
  const fail = (message: string) => navigate(paths.bookingError, { state: { message } });

  const createOrder = async () => {
    refusal.current = null;
    try {
      const order = await paymentsApi.createOrder(amount, ids);
      setHeldUntil(order.held_until);
      return order.id;
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) refusal.current = serverErrorText(e);
      throw e;
    }
  };
  const onApprove = async (orderId: string) => {
    setBusy(true);
    try {
      const result = await paymentsApi.capture(orderId);
      await bookFreeLinesToo(result);
      navigate(paths.bookingSuccess, { state: { result } });
    } catch (e) {
      // a capture refused is the wallet's failure; a capture made but not booked is ours
      fail(e instanceof ApiError && e.status === 402 ? PAYMENT_MSG.walletFailed : PAYMENT_MSG.walletBookingFailed);
    } finally {
      setBusy(false);
    }
  };
  const payWithDemo = async () => {
    setBusy(true);
    try {
      await onApprove(await createOrder());
    } catch {
      fail(refusal.current ?? PAYMENT_MSG.walletFailed);
    }
  };

  const wallet = providers.data?.wallet ?? null;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Payment Page</Title>
        {paid.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text>Nothing in your cart needs paying for.</Text>
            <Anchor component={Link} to={paths.checkout}>
              Back to checkout
            </Anchor>
          </Paper>
        ) : (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <PaymentLines lines={paid} total={amount} />
              <HoldNote minutes={providers.data?.hold_minutes ?? 15} heldUntil={heldUntil} lines={ids} />
              {providers.isPending ? (
                <Loader aria-label="Loading" size="sm" />
              ) : providers.isError ? (
                <Alert color="red" role="alert">
                  {PAYMENT_MSG.initFailed}
                </Alert>
              ) : wallet === 'paypal' && providers.data.paypalClientId ? (
                <Suspense fallback={<Loader aria-label="Loading" size="sm" />}>
                  {!ready && <Text size="sm">Loading...</Text>}
                  <PayPalWallet
                    clientId={providers.data.paypalClientId}
                    createOrder={createOrder}
                    onApprove={onApprove}
                    onError={() => fail(refusal.current ?? PAYMENT_MSG.walletFailed)}
                    onReady={() => setReady(true)}
                  />
                </Suspense>
              ) : wallet === 'demo' ? (
                <>
                  <Alert color="yellow" title="Demo wallet — no money moves" role="note">
                    This site has no PayPal account set up, so a demo stands in for the PayPal button.
                  </Alert>
                  <Button onClick={payWithDemo} disabled={busy}>
                    {busy ? 'Processing...' : 'Pay Now'}
                  </Button>
                </>
              ) : (
                <Alert color="orange" role="alert">
                  {PAYMENT_MSG.notConfigured}
                </Alert>
              )}
              <Anchor component={Link} to={paths.checkout} size="sm">
                Back to checkout
              </Anchor>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
