import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** The outcome of a save or toggle, shown inline under its form. */
export interface Result {
  kind: 'success' | 'error';
  message: string;
}

/** A result that clears itself after `ms` (doc 2 §8: governance 3 s after success, maintenance
 * 5 s); `clears` says which kinds go away on their own. */
export function useTimedResult(ms: number, clears: Result['kind'][] = ['success', 'error']) {
  const [result, setResult] = useState<Result | null>(null);
  const clearing = clears.join();
  useEffect(() => {
    // each new result (a fresh object) restarts the timer
    if (!result || !clearing.split(',').includes(result.kind)) return;
    const timer = setTimeout(() => setResult(null), ms);
    return () => clearTimeout(timer);
  }, [result, clearing, ms]);
  return [result, setResult] as const;
}

/** Green status or red alert, announced to screen readers. */
export function ResultAlert({ result, mt = 'md' }: { result: Result | null; mt?: string }) {
  if (!result) return null;
  const success = result.kind === 'success';
  return (
    <Alert
      mt={mt}
      role={success ? 'status' : 'alert'}
      color={success ? 'green' : 'red'}
      icon={success ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />}
    >
      {result.message}
    </Alert>
  );
}
