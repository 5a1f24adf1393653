import type { ReactNode } from 'react';

/*
 * The field kit of every office form: a labelled control with its hint and its error under it,
 * tied together for screen readers, and the errors by field from the form's zod schema (the
 * same schema in domain/ that the server checks the request with).
 */

/** Errors of a form by field, from its schema's issues (the first per field). */
export function fieldErrors<F extends string>(issues: readonly { path: PropertyKey[]; message: string }[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of issues) found[String(issue.path[0]) as F] ??= issue.message;
  return found;
}

/** A labelled field with its error under it, tied to the control for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes of a control with a hint and maybe an error. */
export function describedBy(id: string, error: string | undefined, hint = false) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined };
}
