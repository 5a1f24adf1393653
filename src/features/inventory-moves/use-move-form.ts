import { useId, useState } from 'react';
import { fieldErrors } from '../../ui/form-fields';

type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };

/**
 * The state of a one-product movement form (adjustment, merma): the typed draft, its errors by
 * field, and the server's refusal. `check` takes the schema's answer: on errors it shows them
 * and focuses the first wrong field in `fields` order, so the person lands where to fix.
 */
export function useMoveForm<D extends Record<keyof D, string>>(initial: D, fields: readonly (keyof D & string)[]) {
  type Key = keyof D & string;
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const base = useId();
  const id = (field: Key) => `${base}-${field}`;
  const set = (field: Key, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const check = <T>(parsed: Parsed<T>): T | null => {
    if (!parsed.success) {
      const found = fieldErrors<Key>(parsed.error.issues);
      setErrors(found);
      const first = fields.find((field) => found[field]);
      if (first) document.getElementById(id(first))?.focus();
      return null;
    }
    setServerError(null);
    return parsed.data;
  };
  return { draft, errors, serverError, setServerError, base, id, set, check };
}

export type MoveForm<D extends Record<keyof D, string>> = ReturnType<typeof useMoveForm<D>>;
