import { Alert, Button, Group } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import { focusFirstInvalid } from '../../accounts/form-helpers.ts';
import { ApiError } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';

/** Create User's and Edit user's shared parts: the submit, and the failure with the buttons. */

interface UserSubmit<V> {
  /** Sends the form and says so (a toast; the modal closes). */
  save: (values: V) => Promise<void>;
  /** The toast when it fails. */
  failed: (error: unknown) => string;
  /** Whether the server's message for a field goes beside that field in this form. */
  isField: (field: string) => boolean;
  /** Above the buttons when the server named no field outside the form (Edit: its message). */
  otherwise?: (error: ApiError) => string | null;
}

/**
 * A refusal keeps what was typed: a toast, each field's message beside it, the rest in an alert
 * above the buttons, and focus on the first field in error (as after a check in the browser).
 */
export function useUserSubmit<V>(form: UseFormReturnType<V>, { save, failed, isField, otherwise }: UserSubmit<V>) {
  const ref = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit(
    async (values) => {
      setBusy(true);
      setFailure(null);
      try {
        await save(values);
      } catch (error) {
        toast.admin('error', failed(error));
        if (error instanceof ApiError) {
          const messages = Object.entries(error.fieldMessages());
          form.setErrors(Object.fromEntries(messages.filter(([f]) => isField(f))));
          const elsewhere = messages.filter(([f]) => !isField(f));
          setFailure(elsewhere.length ? elsewhere.map(([, m]) => m).join(' ') : (otherwise?.(error) ?? null));
          focusFirstInvalid(ref.current);
        }
      } finally {
        setBusy(false);
      }
    },
    () => focusFirstInvalid(ref.current),
  );
  return { ref, busy, failure, submit };
}

/** The failure (if any), then Cancel and the form's main button. */
export function UserFormFooter({
  failure,
  busy,
  submitLabel,
  onCancel,
}: {
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
