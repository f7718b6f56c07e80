/** The add-or-edit dialog of a list screen: which record it edits (null for a new one) and whether it is open. */
import { useCallback, useState } from 'react';

export function useEditDialog<T>(load: (row: T) => Promise<T> = async (row) => row) {
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const add = useCallback(() => {
    setEditing(null);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  async function edit(row: T) {
    try {
      setEditing(await load(row));
      setOpen(true);
    } catch {
      // the toast says why (the record may have been deleted)
    }
  }
  return { editing, open, add, edit, close };
}
