import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type FocusEvent, type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './AboutDisclosure.module.css';
import { ABOUT_GROUP, isActive } from './nav-links.ts';

/** Hover opens after this pause and closes after this one (a pointer crossing the menu's edge
 * does not close it). */
const OPEN_DELAY_MS = 50;
const CLOSE_DELAY_MS = 150;

/**
 * The About group of the wide navigation bar (doc 1 §2), as a disclosure navigation menu (the
 * WAI-ARIA pattern for site navigation): a button that says whether its list of links is shown
 * (aria-expanded, aria-controls) and the list itself. It opens on a click and when a mouse rests
 * on it; it closes on Escape (focus back to the button), a click elsewhere, when focus or the mouse
 * leaves it, and when a link is chosen. Positioned with CSS alone.
 */
export function AboutDisclosure() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Opened by the mouse resting on it: a click then keeps it open rather than closing it. */
  const openedByHover = useRef(false);
  const active = ABOUT_GROUP.some((item) => isActive(pathname, item.to));

  const later = (action: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, ms);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // a new page closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  // a press anywhere else closes it
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    later(() => {
      setOpen((was) => {
        if (!was) openedByHover.current = true;
        return true;
      });
    }, OPEN_DELAY_MS);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    later(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const onClick = () => {
    clearTimeout(timer.current);
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setOpen(!open);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    clearTimeout(timer.current);
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !rootRef.current?.contains(next)) setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only watch the pointer, focus and Escape inside the group
    <div
      ref={rootRef}
      className={classes.root}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <Button
        ref={buttonRef}
        variant={active ? 'light' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        c={active ? undefined : 'dark.8'}
        px="xs"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onClick}
        rightSection={<IconChevronDown size={14} aria-hidden className={classes.chevron} />}
      >
        About
      </Button>
      <div className={classes.dropdown} data-open={open || undefined}>
        <ul id={listId} className={classes.list}>
          {ABOUT_GROUP.map((item) => {
            const current = isActive(pathname, item.to);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={classes.link}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
