import { Alert, Button, Loader, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { paths } from '../app/paths.ts';
import { paymentsApi, type StartedPayment } from './api.ts';
import { startFailure, stripeFailure } from './failures.ts';

interface Props {
  publishableKey: string;
  amountPence: number;
  amount: string;
  cartItemIds: number[];
  onStarted(started: StartedPayment): void;
}

let loading: Promise<Stripe | null> | null = null;

/** Stripe.js loads only here, when the payment form opens (`@stripe/stripe-js/pure`). */
function stripeJs(key: string) {
  loading ??= loadStripe(key).catch(() => {
    loading = null;
    return null;
  });
  return loading;
}

/**
 * Stripe's Payment Element for the cart total. The PaymentIntent is created when the payer presses
 * Pay Now (that is when the places are held), then confirmed; Stripe returns to /booking/success,
 * which books the lines against the payment.
 */
export default function StripeCardForm(props: Props) {
  const [stripe] = useState(() => stripeJs(props.publishableKey));
  // Stripe.js that cannot load (offline, blocked) says so instead of loading for ever
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (live && !loaded) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [stripe]);
  if (unavailable) {
    return (
      <Alert color="red" role="alert">
        {PAYMENT_MSG.initFailed}
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe} options={{ mode: 'payment', amount: props.amountPence, currency: 'gbp' }}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ amount, cartItemIds, onStarted }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const { error: incomplete } = await elements.submit();
      if (incomplete) {
        setError(incomplete.message ?? PAYMENT_MSG.processFailed);
        return;
      }
      let started: StartedPayment;
      try {
        started = await paymentsApi.startCard(amount, cartItemIds);
        onStarted(started);
        if (!started.clientSecret) throw new Error('no client secret');
      } catch (e) {
        setError(startFailure(e));
        return;
      }
      const { error: failed } = await stripe.confirmPayment({
        elements,
        clientSecret: started.clientSecret,
        confirmParams: { return_url: `${window.location.origin}${paths.bookingSuccess}` },
      });
      // only a failure comes back here; success goes to the return address
      setError(stripeFailure(failed));
    } catch {
      setError(PAYMENT_MSG.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={pay} aria-label="Card payment">
      <Stack gap="sm">
        {!ready && <Loader aria-label="Loading" size="sm" />}
        <PaymentElement onReady={() => setReady(true)} onLoadError={() => setError(PAYMENT_MSG.initFailed)} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={!stripe || !ready || busy}>
          {busy ? 'Processing...' : 'Pay Now'}
        </Button>
      </Stack>
    </form>
  );
}
