import '../ui/all-styles.ts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '../../domain/accounts/messages.ts';
import { SESSION_COUNTDOWN_SECONDS, SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from '../../domain/accounts/session.ts';
import { refreshAccessToken } from '../api/client.ts';
import { toast } from '../ui/toast.ts';
import { useLogout } from './useLogout.ts';

/** The user activity that restarts the inactivity timers (doc 1 §4). */
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll', 'touchstart'] as const;
/** Activity restarts the timers at most this often. */
const ACTIVITY_THROTTLE_MS = 1000;

/** Inactivity logout (doc 1 §4, §9): a warning with a 60-second countdown after 24 minutes
 * without activity, logout after 25 minutes or when the countdown reaches zero. Mounted only
 * while logged in. Timers use setTimeout/setInterval and Date.now(), so a test clock drives them. */
export function SessionTimeout() {
  const logout = useLogout();
  const [warning, setWarning] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(SESSION_COUNTDOWN_SECONDS);
  const [busy, setBusy] = useState(false);
  const lastActivity = useRef(Date.now());
  const warningShown = useRef(false);
  const ended = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  }, []);

  /** Ends the session; `timedOut` says it was the inactivity limit (then a toast explains it). */
  const expire = useCallback(
    async (timedOut = true) => {
      if (ended.current) return;
      ended.current = true;
      clearTimers();
      setWarning(false);
      await logout();
      if (timedOut) toast.warning(MSG.sessionExpired);
    },
    [clearTimers, logout],
  );

  const showWarning = useCallback(() => {
    warningShown.current = true;
    setSecondsLeft(SESSION_COUNTDOWN_SECONDS);
    setWarning(true);
  }, []);

  /** (Re)starts the two timers from the last activity. */
  const schedule = useCallback(() => {
    clearTimers();
    const idle = Date.now() - lastActivity.current;
    if (idle >= SESSION_TIMEOUT_MS) {
      void expire();
      return;
    }
    if (!warningShown.current) {
      timers.current.push(setTimeout(showWarning, Math.max(0, SESSION_WARNING_MS - idle)));
    }
    timers.current.push(setTimeout(() => void expire(), SESSION_TIMEOUT_MS - idle));
  }, [clearTimers, expire, showWarning]);

  const restart = useCallback(() => {
    lastActivity.current = Date.now();
    warningShown.current = false;
    setWarning(false);
    schedule();
  }, [schedule]);

  // Activity restarts the timers (throttled); while the warning is open only its buttons count.
  useEffect(() => {
    restart();
    const onActivity = () => {
      if (warningShown.current || ended.current) return;
      if (Date.now() - lastActivity.current < ACTIVITY_THROTTLE_MS) return;
      lastActivity.current = Date.now();
      schedule();
    };
    // a sleeping tab may delay timers: check the deadline again when it becomes visible
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !ended.current) schedule();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      clearTimers();
    };
  }, [restart, schedule, clearTimers]);

  // The live countdown, computed from the deadline so that it never drifts.
  useEffect(() => {
    if (!warning) return;
    const deadline = Date.now() + SESSION_COUNTDOWN_SECONDS * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) void expire();
    };
    const interval = setInterval(tick, 1000);
    return () => clearInterval(interval);
  }, [warning, expire]);

  const stayLoggedIn = async () => {
    setBusy(true);
    const access = await refreshAccessToken();
    setBusy(false);
    if (access) restart();
    else await expire();
  };

  return (
    <Modal
      opened={warning}
      onClose={() => void stayLoggedIn()}
      title="Session timeout"
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      zIndex={400}
    >
      <Text aria-live="polite">
        You have been inactive for a while. For your security you will be logged out in{' '}
        <Text span fw={700} data-testid="session-countdown">
          {secondsLeft}
        </Text>{' '}
        {secondsLeft === 1 ? 'second' : 'seconds'}.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => void expire(false)} disabled={busy}>
          Log Out
        </Button>
        <Button onClick={() => void stayLoggedIn()} loading={busy} data-autofocus>
          Stay Logged In
        </Button>
      </Group>
    </Modal>
  );
}
