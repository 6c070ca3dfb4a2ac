import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconExternalLink,
  IconFileText,
  IconMapPin,
  IconRotate,
  IconSnowflake,
} from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../domain/events/product.ts';
import { registrationState } from '../../domain/events/registration.ts';
import { displayPrice } from '../../domain/money.ts';
import { NarrowOrWide } from '../ui/NarrowOrWide.tsx';
import { cardDate, NO_DOCUMENTS_NOTE, statusLine } from './card-text.ts';
import { EnterButton, hasEnterButton } from './EnterButton.tsx';
import classes from './EventCard.module.css';
import { eventPagePath } from './paths.ts';
import { STATUS_COLOR } from './status-look.ts';

/** The current time, refreshed every minute so a window that opens or closes while the page is
 * open changes the card without a reload. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface EventCardProps {
  event: Product;
  /** The admin form's live preview: renders from partial data, and nothing navigates or books. */
  preview?: boolean;
  /** The card is at the top of the page: its picture loads at once, first (it is what a phone
   * paints largest); other cards' pictures wait until they are scrolled near. */
  first?: boolean;
}

/**
 * An event card (doc 1 §2 and §4) that flips between its front (picture, logo, name, date, slope,
 * price, registration status or banner, and the entry button) and its back (the event's web
 * address and its documents). The flip is a real toggle button, the hidden face is inert, and the
 * turn is instant for visitors who prefer reduced motion.
 */
export function EventCard({ event, preview = false, first = false }: EventCardProps) {
  const now = useNow();
  const reducedMotion = useReducedMotion();
  const [flipped, setFlipped] = useState(false);
  const titleId = useId();

  const isRace = event.event_type === 'race';
  const state = registrationState(event, now);
  // dates are DD/MM/YYYY at 768 px or less (doc 1 §9): both forms render, CSS shows one
  const status = statusLine(event, now, false, preview);
  const date = cardDate(event.date, false);
  const narrowStatus = statusLine(event, now, true, preview);
  const narrowDate = cardDate(event.date, true);
  const name = event.name.trim() || (preview ? 'Event name' : 'Event');
  const price = displayPrice(event.price);

  const statusKey = state.status === 'opening' ? 'opening' : state.status === 'closed' ? 'closed' : 'closing';

  return (
    <Box component="article" aria-labelledby={titleId} h="100%" data-testid="event-card">
      <div className={classes.scene}>
        <Button
          className={classes.flip}
          size="compact-sm"
          variant={flipped ? 'filled' : 'white'}
          color={flipped ? 'blue' : 'dark'}
          leftSection={<IconRotate size={14} aria-hidden />}
          aria-pressed={flipped}
          aria-label={`Details of ${name}`}
          onClick={() => setFlipped((f) => !f)}
        >
          Details
        </Button>
        <div
          className={classes.inner}
          data-flipped={flipped || undefined}
          style={reducedMotion ? { transition: 'none' } : undefined}
        >
          {/* Front */}
          <Card
            withBorder
            radius="md"
            padding="md"
            className={classes.face}
            inert={flipped}
            data-hidden={flipped || undefined}
            style={reducedMotion ? { transition: 'none' } : undefined}
          >
            <Card.Section className={classes.media}>
              {event.image ? (
                <img
                  className={classes.picture}
                  src={event.image_card ?? event.image}
                  alt=""
                  loading={first ? 'eager' : 'lazy'}
                  fetchPriority={first ? 'high' : undefined}
                />
              ) : (
                <Group h="100%" justify="center" c="white" aria-hidden>
                  <IconSnowflake size={56} stroke={1.2} />
                </Group>
              )}
              {event.logo && <img className={classes.logo} src={event.logo_card ?? event.logo} alt="" loading="lazy" />}
              {event.is_cancelled && (
                <Badge color={STATUS_COLOR.cancelled} size="lg" pos="absolute" bottom={12} right={12}>
                  Cancelled
                </Badge>
              )}
            </Card.Section>

            <Stack gap={6} mt="md" style={{ flex: 1 }}>
              <Title order={3} fz="lg" id={titleId} c={event.name.trim() ? undefined : 'dimmed'}>
                {preview || !event.slug ? (
                  name
                ) : (
                  <Anchor component={Link} to={eventPagePath(event.slug)} c="inherit" data-testid="event-link">
                    {name}
                  </Anchor>
                )}
              </Title>
              <Group gap={6} wrap="nowrap" c="gray.8">
                <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" data-testid="event-date">
                  {date ? <NarrowOrWide wide={date} narrow={narrowDate} /> : 'Date to be confirmed'}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap" c="gray.8">
                <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm">{event.slope_name.trim() || (preview ? 'Slope' : '')}</Text>
              </Group>
              {isRace && (
                <Text fw={700} fz="lg" c="blue.8" data-testid="event-price">
                  {price}
                </Text>
              )}
              {isRace && status && !event.is_cancelled && (
                <Text size="sm" fw={600} c={STATUS_COLOR[statusKey]} data-testid="event-status">
                  <NarrowOrWide wide={status} narrow={narrowStatus} />
                </Text>
              )}
              {!isRace && event.banner_message.trim() && (
                <Text size="sm" fs="italic" c="gray.8" data-testid="event-banner">
                  {event.banner_message}
                </Text>
              )}
            </Stack>

            {hasEnterButton(event, now) && (
              <Box mt="md">
                <EnterButton event={event} name={name} now={now} preview={preview} />
              </Box>
            )}
          </Card>

          {/* Back */}
          <Card
            withBorder
            radius="md"
            padding="md"
            className={`${classes.face} ${classes.back}`}
            inert={!flipped}
            data-hidden={!flipped || undefined}
            style={reducedMotion ? { transition: 'none' } : undefined}
          >
            <Stack gap="sm" style={{ flex: 1 }}>
              <div className={classes.backHeader}>
                <Text fw={700} fz="lg" lh={1.3}>
                  {name}
                </Text>
                {date && (
                  <Text size="sm" c="gray.7">
                    <NarrowOrWide wide={date} narrow={narrowDate} />
                  </Text>
                )}
              </div>
              {event.url.trim() && (
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconExternalLink size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                  {preview ? (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {event.url}
                    </Text>
                  ) : (
                    <Anchor
                      href={event.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {event.url}
                    </Anchor>
                  )}
                </Group>
              )}
              <Text size="sm" fw={700} mt={4}>
                Documents
              </Text>
              <EventDocuments event={event} name={name} preview={preview} />
            </Stack>
          </Card>
        </div>
      </div>
    </Box>
  );
}

/** The back's documents: one tab per document, each panel linking the file in a new tab. The tabs
 * follow the WAI-ARIA tabs pattern (arrow keys, Home and End move and select; one tab in the Tab
 * order) and look like Mantine's pill tabs, drawn by EventCard.module.css. */
function EventDocuments({ event, name, preview }: { event: Product; name: string; preview: boolean }) {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const documents = event.documents;
  const first = documents[0];
  const [active, setActive] = useState<string | null>(first ? String(first.id) : null);
  if (!first) {
    return (
      <Text size="sm" c="gray.7" data-testid="no-documents">
        {NO_DOCUMENTS_NOTE}
      </Text>
    );
  }
  const currentIndex = Math.max(
    0,
    documents.findIndex((d) => String(d.id) === active),
  );
  const current = documents[currentIndex] ?? first;
  const tabId = (id: number) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (e: KeyboardEvent) => {
    const last = documents.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? currentIndex === last
          ? 0
          : currentIndex + 1
        : e.key === 'ArrowLeft'
          ? currentIndex === 0
            ? last
            : currentIndex - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    const doc = next === null ? undefined : documents[next];
    if (next === null || !doc) return;
    e.preventDefault();
    setActive(String(doc.id));
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={`Documents for ${name}`}
        aria-orientation="horizontal"
        className={classes.tabList}
      >
        {documents.map((doc, i) => {
          const selected = doc === current;
          return (
            <button
              key={doc.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(doc.id)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              data-active={selected || undefined}
              className={classes.tab}
              onClick={() => setActive(String(doc.id))}
              onKeyDown={onKeyDown}
            >
              <IconFileText size={14} aria-hidden className={classes.tabIcon} />
              {doc.name}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current.id)} className={classes.tabPanel}>
        {preview ? (
          <Text size="sm">{current.name}</Text>
        ) : (
          <Button
            component="a"
            href={current.document}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="sm"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            Open {current.name}
            <VisuallyHidden> for {name}</VisuallyHidden>
          </Button>
        )}
      </div>
    </div>
  );
}
