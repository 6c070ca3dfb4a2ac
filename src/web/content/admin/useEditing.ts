import { useRef, useState } from 'react';
import { type ConfirmDelete, confirmDelete, focusForm } from './ui.tsx';

interface EditingOptions<T> {
  /** Deletes a row on the server. */
  remove: (id: number) => Promise<unknown>;
  /** What the delete confirmation and its toasts say about a row. */
  confirm: (row: T) => Omit<ConfirmDelete, 'run'>;
}

/**
 * The list-plus-form state every content panel shares: which row the form is editing (null when
 * adding), a key that resets the form after a save, the form's box to move focus to when a row's
 * Edit is clicked, and Delete (which asks first).
 */
export function useEditing<T extends { id: number }>({ remove, confirm }: EditingOptions<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  const formBox = useRef<HTMLDivElement>(null);
  /** Back to adding, with a fresh form. */
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  return {
    editing,
    /** The form's key: one form per row edited, and a fresh one after each save. */
    formKey: editing ? `edit-${editing.id}` : `new-${formKey}`,
    /** What the form's box (FormCard) needs besides its title. */
    formCard: { ref: formBox, editing: editing !== null, onCancel: done },
    /** Whether the row is the one in the form (tinted in the list). */
    isEditing: (row: T) => editing?.id === row.id,
    /** Loads a row into the form and moves focus there. */
    edit(row: T) {
      setEditing(row);
      focusForm(formBox.current);
    },
    /** Asks before deleting a row; once it is gone, the form stops editing it. */
    askDelete(row: T) {
      confirmDelete({
        ...confirm(row),
        run: async () => {
          await remove(row.id);
          setEditing((current) => (current?.id === row.id ? null : current));
        },
      });
    },
    done,
  };
}

/** A content panel's list-plus-form state (what a ContentList's rows act on). */
export type Editing<T extends { id: number }> = ReturnType<typeof useEditing<T>>;
