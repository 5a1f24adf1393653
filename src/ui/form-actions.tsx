import type { ReactNode } from 'react';

export interface FormActionLabels {
  cancel: string;
  save: string;
  saving: string;
}

/**
 * The end of every office form: the server's refusal as an alert, then the form's cancel and
 * save buttons (the save one names what it saves where the form says so, and reads 'Guardando…'
 * and is disabled while it saves). Plain buttons: a form opened at its screen's address draws
 * without Ionic.
 */
export function FormActions({
  serverError,
  pending,
  onCancel,
  labels,
  errorId,
  before,
}: {
  serverError: string | null;
  pending: boolean;
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
        <p role="alert" id={errorId} className="form-error">
          <span className="field-error">{serverError}</span>
        </p>
      )}
      <div className="form-actions">
        {before}
        <button type="button" className="outline-button" onClick={onCancel}>
          {labels.cancel}
        </button>
        <button type="submit" className="button-primary button-primary--padded" disabled={pending}>
          {pending ? labels.saving : labels.save}
        </button>
      </div>
    </>
  );
}
