import { Alert, Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { paths } from '../app/paths.ts';

/** The payment error page (doc 1 §4, §8): the message the wallet flow sent it with, and the way
 * back; the cart is as it was. */
export function BookingErrorPage() {
  const message = (useLocation().state as { message?: string } | null)?.message ?? PAYMENT_MSG.walletFailed;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Payment not completed</Title>
        <Alert color="red" role="alert">
          {message}
        </Alert>
        <Group>
          <Anchor component={Link} to={paths.checkout}>
            Back to checkout
          </Anchor>
          <Anchor component={Link} to={paths.payment}>
            Try the payment again
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
