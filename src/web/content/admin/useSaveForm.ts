import type { UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import { focusFirstInvalid } from '../../accounts/form-helpers.ts';
import { saveFailure, serverFieldErrors } from './form-utils.ts';

interface SaveFormOptions<V> {
  /** The fields the server may name in its errors (shown under each field). */
  fields: readonly string[] | ((values: V) => readonly string[]);
  /** Saves, and says so (a toast, leaving edit mode); a throw is shown above the form. */
  save: (values: V) => Promise<void>;
  /** Said above the form when the server gives nothing more useful. */
  failed: string;
}

/**
 * The content forms' submit: a failure is cleared when the form is sent again; the server's field
 * errors go under their fields and a summary above the form (the fields keep what was typed); and
 * focus goes to the first field in error, after a refusal in the browser or on the server alike.
 */
export function useSaveForm<V>(form: UseFormReturnType<V>, { fields, save, failed }: SaveFormOptions<V>) {
  const ref = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await save(values);
      } catch (error) {
        const known = typeof fields === 'function' ? fields(values) : fields;
        form.setErrors(serverFieldErrors(error, known));
        setFailure(saveFailure(error, known, failed));
        focusFirstInvalid(ref.current);
      }
    },
    () => {
      setFailure(null);
      focusFirstInvalid(ref.current);
    },
  );
  return { ref, failure, submit };
}
