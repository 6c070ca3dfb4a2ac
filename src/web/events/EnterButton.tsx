import { Button, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import type { Product } from '../../domain/events/product.ts';
import { EVENT_FULL_TOOLTIP, REGISTRATION_LABELS, registrationState } from '../../domain/events/registration.ts';
import { displayPrice } from '../../domain/money.ts';
import { useProfileStore } from '../accounts/store.ts';
import { useModalStore } from '../ui/modal-store.ts';
import classes from './EventCard.module.css';

/** The disabled Event Full button (doc 1 §3) with its tooltip: shown while the pointer is over the
 * button or it has focus (a touch focuses it), hidden again by Escape; a screen reader hears it as
 * the button's description. Drawn by CSS, without a positioning library. */
function FullButton({ name }: { name: string }) {
  const tipId = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and leaving only dismiss or restore the tooltip
    <div
      className={classes.tipAnchor}
      data-dismissed={dismissed || undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setDismissed(true);
      }}
      onPointerLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <Button
        fullWidth
        color="gray"
        data-disabled
        aria-disabled
        aria-describedby={tipId}
        onClick={(e) => e.preventDefault()}
      >
        {REGISTRATION_LABELS.full}
        <VisuallyHidden>: {name}</VisuallyHidden>
      </Button>
      <span role="tooltip" id={tipId} className={classes.tooltip}>
        {EVENT_FULL_TOOLTIP}
      </span>
    </div>
  );
}

/** Whether an event shows the entry button at `now`: a race, not cancelled, open for entry or
 * full (the disabled Event Full button). */
export function hasEnterButton(event: Product, now: Date): boolean {
  const state = registrationState(event, now);
  return event.event_type === 'race' && !event.is_cancelled && (state.status === 'full' || state.bookable);
}

/**
 * The entry button of an event (doc 1 §3), the same on its card and its page: Enter (Book when
 * free) opens the login dialog for a visitor and the participants dialog for a signed-in parent;
 * a full event shows the disabled Event Full button with its tooltip, and under it Join the waiting
 * list (issue 27). Show it only when
 * {@link hasEnterButton}.
 */
export function EnterButton({
  event,
  name,
  now,
  preview = false,
}: {
  event: Product;
  name: string;
  now: Date;
  preview?: boolean;
}) {
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const openModal = useModalStore((s) => s.open);
  const openParticipants = useModalStore((s) => s.openParticipants);
  const openWaitingList = useModalStore((s) => s.openWaitingList);
  const state = registrationState(event, now);
  if (state.status === 'full') {
    // a full race keeps a waiting list for families (issue 27)
    const join = () => {
      if (preview) return;
      if (!isLoggedIn) openModal('login');
      else openWaitingList({ id: event.id, name });
    };
    return (
      <>
        <FullButton name={name} />
        <Button fullWidth variant="light" mt={6} onClick={join}>
          Join the waiting list
          <VisuallyHidden> for {name}</VisuallyHidden>
        </Button>
      </>
    );
  }
  const enter = () => {
    if (preview) return;
    if (!isLoggedIn) openModal('login');
    else openParticipants({ id: event.id, name });
  };
  return (
    <Button fullWidth onClick={enter}>
      {/* the visible word stays short; a screen reader hears which event */}
      {displayPrice(event.price) === 'FREE' ? 'Book' : 'Enter'}
      <VisuallyHidden> {name}</VisuallyHidden>
    </Button>
  );
}
