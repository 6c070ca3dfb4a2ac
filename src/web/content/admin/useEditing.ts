import { useRef, useState } from 'react';
import { focusForm } from './ui.tsx';

/**
 * The list-plus-form state every content panel shares: which row the form is editing (null when
 * adding), a key that resets the form after a save, and the form's box to move focus to when a
 * row's Edit is clicked.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  const formBox = useRef<HTMLDivElement>(null);
  return {
    editing,
    formKey,
    formBox,
    /** Loads a row into the form and moves focus there. */
    edit(row: T) {
      setEditing(row);
      focusForm(formBox.current);
    },
    /** After a delete: back to adding if the form was editing the deleted row. */
    forget(isDeleted: (row: T) => boolean) {
      setEditing((current) => (current !== null && isDeleted(current) ? null : current));
    },
    /** Back to adding, with a fresh form. */
    done() {
      setEditing(null);
      setFormKey((k) => k + 1);
    },
  };
}
