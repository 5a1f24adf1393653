import { IonButton } from '@ionic/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { customersMessages } from '../../../domain/messages/customers';
import { Dialog } from '../dialog';
import { getErrorMessage, NetworkError } from '../../lib/api';
import { counterCustomer, EMPTY_COUNTER_FIELDS, type CounterFields } from './counter-customer';
import { useCustomerWrites } from '../company-writes';
import '../company-form.css';

const text = customersMessages.counter;
const form = customersMessages.form;

/** The customer as the cart takes it: chosen at once, with its branches (none yet). */
export interface CreatedCustomer {
  id: number;
  name: string;
  branches: { id: number; name: string }[];
}

/**
 * 'Nuevo cliente' at the counter: name, razón social, and optionally RFC, contact
 * and phone. Saved with POST /api/v2/companies (it waits on /unverified_clients until the
 * office checks it) and chosen for the sale. It needs the server: offline it says so and
 * keeps what was typed. Loaded only when opened.
 */
export default function CounterCustomerDialog({
  initialName,
  onCreated,
  onClose,
}: {
  initialName: string;
  onCreated: (customer: CreatedCustomer) => void;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<CounterFields>({ ...EMPTY_COUNTER_FIELDS, name: initialName });
  const [errors, setErrors] = useState<Partial<Record<keyof CounterFields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const created = useRef<CreatedCustomer | null>(null);
  const { create } = useCustomerWrites();
  const baseId = useId();
  const idOf = (field: keyof CounterFields) => `${baseId}-${field}`;

  const set = (field: keyof CounterFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    // The dialog is drawn inside the sale's form in React's tree: its submit must not save the sale.
    event.stopPropagation();
    const made = counterCustomer(fields);
    if (!made.ok) {
      setErrors(made.errors);
      const first = (['name', 'razon_social', 'rfc', 'contactName', 'phone'] as const).find((field) => made.errors[field]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setFailure(null);
    create.mutate(made.body, {
      onSuccess: ({ data: company }) => {
        // Chosen once the dialog has left: choosing it replaces the search that drew the dialog.
        created.current = { id: company.id, name: company.name, branches: company.branches.map(({ id, name }) => ({ id, name })) };
        close();
      },
      onError: (error) => setFailure(error instanceof NetworkError ? text.offline : getErrorMessage(error)),
    });
  };

  const input = (
    field: keyof CounterFields,
    label: string,
    options: { required?: boolean; hint?: string; type?: string; maxLength: number },
  ) => {
    const id = idOf(field);
    const error = errors[field];
    const described = [options.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
    return (
      <div className="field">
        <label htmlFor={id}>
          {label}
          {options.required && <span aria-hidden="true"> *</span>}
        </label>
        <input
          id={id}
          type={options.type ?? 'text'}
          value={fields[field]}
          maxLength={options.maxLength}
          autoComplete="off"
          aria-required={options.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => set(field, e.target.value)}
        />
        {options.hint && (
          <p id={`${id}-hint`} className="field-hint">
            {options.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <Dialog
      label={text.title}
      onClose={() => {
        if (created.current) onCreated(created.current);
        onClose();
      }}
    >
      {(close) => (
        <form className="company-form" onSubmit={(event) => submit(event, close)} noValidate>
          <p className="field-hint">{text.hint}</p>
          <fieldset className="company-form__body" disabled={create.isPending}>
            {input('name', form.name, { required: true, maxLength: 200 })}
            {input('razon_social', form.legalName, { required: true, maxLength: 200 })}
            {input('rfc', form.rfc, { hint: form.rfcHint, maxLength: 13 })}
            {input('contactName', text.contactName, { maxLength: 200 })}
            {input('phone', text.phone, { type: 'tel', maxLength: 40 })}
          </fieldset>
          {failure && (
            <p role="alert" className="field-error">
              {failure}
            </p>
          )}
          <div className="form-actions">
            <IonButton fill="outline" onClick={close}>
              {form.cancel}
            </IonButton>
            <IonButton type="submit" disabled={create.isPending}>
              {create.isPending ? text.saving : text.save}
            </IonButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
