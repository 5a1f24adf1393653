import type { ReactNode } from 'react';
import './form-actions.css';

export interface FormActionLabels {
  cancel: string;
  save: string;
  saving: string;
}

/**
 * The end of every office form: the server's refusal as an alert, then the form's cancel and
 * save buttons (the save one names what it saves where the form says so, and reads 'Guardando…'
 * and is disabled while it saves, or while the form has nothing to save: `disabled`).
 * Plain elements: a form opened at its address draws without Ionic.
 */
export function FormActions({
  serverError,
  pending,
  disabled = false,
  onCancel,
  labels,
  errorId,
  before,
}: {
  serverError: string | null;
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
  labels: FormActionLabels;
  /** The alert's id, for a form described by its error. */
  errorId?: string;
  /** A button of the form's own before cancel ('Recibir todo'). */
  before?: ReactNode;
}) {
  return (
    <>
      {serverError && (
        <p role="alert" id={errorId} className="form-error field-error">
          {serverError}
        </p>
      )}
      <div className="form-actions">
        {before}
        <button type="button" className="outline-button" onClick={onCancel}>
          {labels.cancel}
        </button>
        <button type="submit" className="button-primary form-actions__save" disabled={pending || disabled}>
          {pending ? labels.saving : labels.save}
        </button>
      </div>
    </>
  );
}
