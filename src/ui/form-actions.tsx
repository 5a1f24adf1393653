export interface FormActionLabels {
  cancel: string;
  save: string;
  saving: string;
}

/**
 * The end of every office form: the server's refusal as an alert, then the form's cancel and
 * save buttons (the save one names what it saves where the form says so, and reads 'Guardando…'
 * and is disabled while it saves). Plain buttons: a form draws without Ionic.
 */
export function FormActions({
  serverError,
  pending,
  onCancel,
  labels,
}: {
  serverError: string | null;
  pending: boolean;
  onCancel: () => void;
  labels: FormActionLabels;
}) {
  return (
    <>
      {serverError && (
        <p role="alert" className="form-error">
          <span className="field-error">{serverError}</span>
        </p>
      )}
      <div className="form-actions">
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
