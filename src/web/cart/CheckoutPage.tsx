import { Alert, Anchor, Button, Container, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BOOKING_MSG, CART_MSG } from '../../domain/cart/index.ts';
import { displayPrice } from '../../domain/money.ts';
import { useProfileStore } from '../accounts/store.ts';
import { serverMessage } from '../api/server-error.ts';
import { paths } from '../app/paths.ts';
import { EventDate } from '../events/EventDate.tsx';
import { splitCart } from '../payments/model.ts';
import { PaymentArea } from '../payments/PaymentArea.tsx';
import { openConfirm } from '../ui/confirm.ts';
import { useModalStore } from '../ui/modal-store.ts';
import responsive from '../ui/responsive.module.css';
import { toast } from '../ui/toast.ts';
import { type CartItem, cartApi } from './api.ts';
import { cartTotalPence, refusalText } from './model.ts';
import { useCartStore } from './store.ts';

interface Booked {
  id: number;
  product: number;
  participant: string;
  product_name: string;
}

/**
 * /checkout (doc 1 §2, §4, §8): the order summary with a remove button per line, the total, and
 * Book Now when the total is 0 (free lines are booked by the server, which removes them from the
 * cart); a success summary afterwards; the empty state with a link to /booking. A total above 0
 * shows the payment area (payments/PaymentArea.tsx) instead of Book Now.
 */
export function CheckoutPage() {
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const openModal = useModalStore((s) => s.open);
  const items = useCartStore((s) => s.items);
  const total = useCartStore((s) => s.total);
  const error = useCartStore((s) => s.error);
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<Booked[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (isLoggedIn) void useCartStore.getState().refresh();
  }, [isLoggedIn]);

  if (!isLoggedIn) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>Checkout</Title>
        <Text mt="md">Log in to see your cart.</Text>
        <Button mt="md" onClick={() => openModal('login')}>
          Log In
        </Button>
      </Container>
    );
  }

  const remove = async (item: CartItem) => {
    try {
      await cartApi.remove(item.id);
    } catch {
      // already gone (booked, or removed in another tab): the cart is read again below
    }
    await useCartStore.getState().refresh();
  };

  const clear = () =>
    openConfirm({
      title: 'Clear cart',
      children: <Text>Remove every participant from your cart?</Text>,
      labels: { confirm: 'Clear cart', cancel: 'Keep them' },
      onConfirm: async () => {
        try {
          await cartApi.clear();
        } catch {
          toast.error(CART_MSG.clearFailed);
        }
        await useCartStore.getState().refresh();
      },
    });

  const bookFree = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await cartApi.book(items.map((i) => ({ product: i.product, participant: i.participant })));
      // shown by name, as the lines were (the calls name participants by username)
      const names = new Map(items.map((i) => [i.participant, i.participant_name || i.participant]));
      const nameOf = (participant: string) => names.get(participant) ?? participant;
      if (result.booked.length > 0) {
        toast.success(BOOKING_MSG.freeBooked);
        setBooked(result.booked.map((b) => ({ ...b, participant: nameOf(b.participant) })));
      }
      if (result.errors.length > 0) {
        toast.error(BOOKING_MSG.freeFailed);
        setFailure(
          BOOKING_MSG.checkoutError(result.errors.map((e) => refusalText(nameOf(e.participant), e.error)).join(' ')),
        );
      }
    } catch (e) {
      toast.error(BOOKING_MSG.freeFailed);
      setFailure(BOOKING_MSG.checkoutError(serverMessage(e, BOOKING_MSG.freeFailed)));
    } finally {
      setBusy(false);
      await useCartStore.getState().refresh();
    }
  };

  const free = cartTotalPence(items) === 0;
  // lines whose race filled: the cart says what happened (issue 36)
  const notes = items.flatMap((i) => (i.note ? [{ id: i.id, note: i.note }] : []));
  const removeButton = (item: CartItem) => (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red.9"
      aria-label={`Remove ${item.participant_name || item.participant} from ${item.product_name}`}
      onClick={() => remove(item)}
    >
      <IconTrash size={16} aria-hidden />
    </Button>
  );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Checkout</Title>
        {booked && (
          <Alert color="teal" title="Booking complete" role="status">
            <List size="sm">
              {booked.map((b) => (
                <List.Item key={b.id}>
                  {b.participant} — {b.product_name}
                </List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              A confirmation is on its way by e-mail.
            </Text>
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {error && items.length === 0 ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : items.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text>Your cart is empty.</Text>
            <Anchor component={Link} to={paths.booking}>
              Browse events and enter
            </Anchor>
          </Paper>
        ) : (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="summary-heading">
            <Title order={2} size="h3" id="summary-heading" mb="sm">
              Order summary
            </Title>
            {notes.length > 0 && (
              <Alert color="orange" title="No place left" role="status" mb="sm" data-testid="cart-notes">
                <List size="sm">
                  {notes.map((n) => (
                    <List.Item key={n.id}>{n.note}</List.Item>
                  ))}
                </List>
                <Text size="sm" mt="xs">
                  Remove them from your cart, or keep them in case a place comes free.
                </Text>
              </Alert>
            )}
            <div className={responsive.wideOnly}>
              <Table aria-label="Order summary" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Event</Table.Th>
                    <Table.Th scope="col">Participant</Table.Th>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Price</Table.Th>
                    <Table.Th scope="col">Remove</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td fw={600}>{item.product_name}</Table.Td>
                      <Table.Td>{item.participant_name || item.participant}</Table.Td>
                      <Table.Td>
                        <EventDate iso={item.product_event_date} />
                      </Table.Td>
                      <Table.Td>{displayPrice(String(item.product_price))}</Table.Td>
                      <Table.Td>{removeButton(item)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <Stack gap="xs" className={responsive.narrowOnly} component="ul" style={{ listStyle: 'none', padding: 0 }}>
              {items.map((item) => (
                <Paper component="li" key={item.id} withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600}>{item.product_name}</Text>
                      <Text size="sm">
                        {item.participant_name || item.participant} · <EventDate iso={item.product_event_date} /> ·{' '}
                        {displayPrice(String(item.product_price))}
                      </Text>
                    </div>
                    {removeButton(item)}
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Group justify="space-between" mt="md">
              <Button variant="subtle" color="gray" onClick={clear}>
                Clear cart
              </Button>
              <Text fw={700} data-testid="cart-total">
                Total: {total}
              </Text>
            </Group>
            <Group justify="flex-end" mt="md">
              {free ? (
                <Button onClick={bookFree} loading={busy}>
                  Book Now
                </Button>
              ) : (
                <PaymentArea paid={splitCart(items).paid} />
              )}
            </Group>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
