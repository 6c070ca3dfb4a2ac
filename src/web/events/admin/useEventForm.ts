import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type EventForm,
  type EventFormField,
  type EventType,
  emptyEventForm,
  type FieldMessages,
  type Product,
} from '../../../domain/events/index.ts';
import {
  changeEventType,
  type EventFiles,
  fileTypeError,
  formFromProduct,
  NO_FILES,
  previewProduct,
  startTimeOf,
  validateEvent,
} from './model.ts';

/** A browser address for a chosen file, released when the file changes or the form goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The create/edit form's state (doc 2 §2, §4): the values, the chosen files, the messages beside
 * the fields and the event being edited. What was typed stays after any error; only a success
 * (or Cancel / New) starts again.
 */
export function useEventForm() {
  const [values, setValues] = useState<EventForm>(() => emptyEventForm());
  const [files, setFiles] = useState<EventFiles>(NO_FILES);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [editing, setEditing] = useState<Product | null>(null);
  // "HH:MM" London time or '': sent as the API's start_time (kept beside the domain's form fields)
  const [startTime, setStartTimeValue] = useState('');
  // a refused file is not previewed: the card keeps the current picture
  const imageUrl = useObjectUrl(fileTypeError('image', files.image) ? null : files.image);
  const logoUrl = useObjectUrl(fileTypeError('logo', files.logo) ? null : files.logo);

  const clearError = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  const setField = useCallback(
    (field: EventFormField, value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    },
    [clearError],
  );

  const setStartTime = useCallback(
    (value: string) => {
      setStartTimeValue(value);
      clearError('start_time');
    },
    [clearError],
  );

  const setType = useCallback(
    (type: EventType | '') => {
      setValues((current) => changeEventType(current, type, editing !== null));
      setErrors({});
    },
    [editing],
  );

  /** A chosen file is kept (its name shows) but a wrong type is said at once and blocks Submit. */
  const setFile = useCallback((field: keyof EventFiles, file: File | null) => {
    setFiles((current) => ({ ...current, [field]: file }));
    const message = fileTypeError(field, file);
    setErrors((current) => {
      const { [field]: _old, ...rest } = current;
      return message ? { ...rest, [field]: message } : rest;
    });
  }, []);

  const startEdit = useCallback((product: Product) => {
    setEditing(product);
    setValues(formFromProduct(product));
    setStartTimeValue(startTimeOf(product));
    setFiles(NO_FILES);
    setErrors({});
  }, []);

  const reset = useCallback(() => {
    setEditing(null);
    setValues(emptyEventForm());
    setStartTimeValue('');
    setFiles(NO_FILES);
    setErrors({});
  }, []);

  /** Runs every rule; shows and returns the messages (empty when the form may be sent). */
  const validate = useCallback((): FieldMessages => {
    const found = validateEvent(values, files, editing);
    setErrors(found);
    return found;
  }, [values, files, editing]);

  const preview = useMemo(
    () =>
      previewProduct(
        values,
        { image: imageUrl ?? editing?.image ?? null, logo: logoUrl ?? editing?.logo ?? null },
        editing,
      ),
    [values, imageUrl, logoUrl, editing],
  );

  return {
    values,
    startTime,
    files,
    errors,
    editing,
    preview,
    setField,
    setStartTime,
    setType,
    setFile,
    setErrors,
    startEdit,
    reset,
    validate,
  };
}

export type EventFormState = ReturnType<typeof useEventForm>;
