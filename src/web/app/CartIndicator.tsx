import '../ui/all-styles.ts';
import { Badge, Button } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from './paths.ts';

/** The cart icon of the navigation bar (doc 1 §2): item count and formatted total, linking to
 * /checkout. Shown only when logged in. The cart issue fills in the real count and total. */
export function CartIndicator({ onNavigate }: { onNavigate?: () => void }) {
  const count: number = 0;
  const total: string = '£0.00';
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
