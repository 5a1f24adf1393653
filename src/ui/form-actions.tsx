import { IonButton, IonText } from '@ionic/react';

export interface FormActionLabels {
  cancel: string;
  save: string;
  saving: string;
}

/**
 * The end of every office form: the server's refusal as an alert, then the form's cancel and
 * save buttons (the save one names what it saves where the form says so, and reads 'Guardando…'
 * and is disabled while it saves).
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
          <IonText color="danger">{serverError}</IonText>
        </p>
      )}
      <div className="form-actions">
        <IonButton fill="outline" onClick={onCancel}>
          {labels.cancel}
        </IonButton>
        <IonButton type="submit" disabled={pending}>
          {pending ? labels.saving : labels.save}
        </IonButton>
      </div>
    </>
  );
}
