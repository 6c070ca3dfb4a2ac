import '../ui/all-styles.ts';
import { Badge, Button } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useCartStore } from '../cart/store.ts';
import { paths } from './paths.ts';

/** Pages whose entry reads the cart again (doc 1 §2). */
const REFRESH_ON = new Set<string>([paths.home, paths.booking, paths.checkout]);

/** The cart icon of the navigation bar (doc 1 §2): item count and formatted total, linking to
 * /checkout. Shown only when logged in, so the cart is read here: on entering /, /booking and
 * /checkout, and when the window gets the focus back. */
export function CartIndicator({ onNavigate }: { onNavigate?: () => void }) {
  const count = useCartStore((s) => s.items.length);
  const total = useCartStore((s) => s.total);
  const { pathname } = useLocation();

  useEffect(() => {
    if (REFRESH_ON.has(pathname)) void useCartStore.getState().refresh();
  }, [pathname]);

  useEffect(() => {
    const onFocus = () => void useCartStore.getState().refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  return (
    <Button
      component={Link}
      to={paths.checkout}
      onClick={onNavigate}
      variant="subtle"
      color="gray"
      c="dark.8"
      px="xs"
      aria-label={`Cart: ${count} ${count === 1 ? 'item' : 'items'}, total ${total}`}
      leftSection={<IconShoppingCart size={20} aria-hidden />}
      rightSection={
        <Badge size="sm" circle variant="filled" aria-hidden>
          {count}
        </Badge>
      }
    >
      <span aria-hidden>{total}</span>
    </Button>
  );
}
