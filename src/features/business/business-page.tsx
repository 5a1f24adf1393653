import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { businessMessages, setupMessages } from '../../../domain/messages/setup';
import {
  businessIdentityAnswerSchema,
  businessIdentityUpdateSchema,
  type BusinessIdentityAnswer,
  type BusinessIdentityUpdate,
} from '../../../domain/schemas/setup';
import { BUSINESS_FIELD_ORDER, BusinessIdentityFields } from '../../ui/business-identity-fields';
import { describedBy, Field } from '../../ui/form-fields';
import { FormActions } from '../../ui/form-actions';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';
import { useToast, type Notify } from '../../ui/toast';
import { refreshDeployment } from '../../ui/deployment';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { useHoldUpdate } from '../../lib/sending-gate';
import { hasPermission } from '../../../domain/permissions';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { AppLink } from '../../ui/app-link';
import { useShell } from '../../ui/shell-context';
import './business-page.css';

const text = businessMessages;
const businessKey = ['business'] as const;

/**
 * 'Datos del negocio': the identity printed on every document, as 'Configuración inicial' set it.
 * One Ionic page from loading to the form: a page swapped for another once the data arrives
 * registers twice with the router outlet, which then leaves the next screen opened from here
 * (its 'Facturación' link) transparent behind this one.
 */
export default function BusinessPage() {
  const business = useQuery({
    queryKey: businessKey,
    queryFn: () => apiRequest('/api/v2/business', { schema: businessIdentityAnswerSchema }),
    // Read once for the form: a refresh on refocus would swap what is being typed.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [notify, toast] = useToast();
  return (
    <ScreenPage title={text.title} overlays={toast}>
      {/* The form starts from what the server holds now, never from a copy kept from another visit. */}
      {!business.isFetchedAfterMount || !business.data ? (
        <QueryStatus
          query={{
            isPending: !business.isError,
            isError: business.isError,
            error: business.error,
            data: undefined,
            refetch: business.refetch,
          }}
        />
      ) : (
        <BusinessForm stored={business.data} notify={notify} />
      )}
    </ScreenPage>
  );
}

type Values = Record<string, string>;
const valuesOf = ({ logo_url: _logo, free_delivery_minimum, ...fields }: BusinessIdentityAnswer): Values => ({
  ...fields,
  free_delivery_minimum: free_delivery_minimum === null ? '' : String(free_delivery_minimum),
});
/** The minimum as the request carries it: empty, none offered; anything else a number (or refused by the schema). */
const minimumOf = (typed: string | undefined) => (typed === undefined || typed.trim() === '' ? null : Number(typed.trim()));
const FIELD_ORDER = [...BUSINESS_FIELD_ORDER, 'free_delivery_minimum', 'quotation_terms'];

/** The form keeps its place across a save: its toast says so on the same screen. */
function BusinessForm({ stored, notify }: { stored: BusinessIdentityAnswer; notify: Notify }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const canSetUpInvoicing = hasPermission(useShell().user, 'fiscal');
  const [initial, setInitial] = useState(() => valuesOf(stored));
  const [values, setValues] = useState<Values>(initial);
  // undefined: the stored logo stays; a data: URL replaces it.
  const [logo, setLogo] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const idOf = (name: string) => `${formId}-${name}`;
  const changed = values !== initial || logo !== undefined;
  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  useHoldUpdate(changed);

  const save = useMutation({
    mutationFn: (body: BusinessIdentityUpdate) =>
      apiRequest('/api/v2/business', {
        method: 'PUT',
        body,
        schema: businessIdentityAnswerSchema,
        idempotencyKey: keys.keyFor('business', body),
      }),
    onSuccess: (saved) => {
      keys.done('business');
      notify(text.saved, 'success');
      // The page, the login and the documents show the new identity from now on.
      void refreshDeployment();
      queryClient.setQueryData(businessKey, saved);
      // What was saved is the form's new starting point: nothing left to save.
      const savedValues = valuesOf(saved);
      setInitial(savedValues);
      setValues(savedValues);
      setLogo(undefined);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = businessIdentityUpdateSchema.safeParse({
      ...values,
      free_delivery_minimum: minimumOf(values.free_delivery_minimum),
      ...(logo !== undefined && { logo }),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      notify(setupMessages.fixErrors, 'danger');
      const first = FIELD_ORDER.find((name) => name in found);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form className="business-form" onSubmit={submit} noValidate aria-label={text.title}>
      <p>{text.intro}</p>
      {/* Invoicing's setup is a screen of its own, behind its own permission ('fiscal'). */}
      {canSetUpInvoicing && (
        <p>
          <AppLink href="/business/fiscal">{invoicingScreenMessages.fiscal.openFromBusiness}</AppLink>
        </p>
      )}
      <fieldset className="business-form__fields" disabled={save.isPending}>
        <BusinessIdentityFields
          values={values}
          errors={errors}
          idOf={idOf}
          onChange={change}
          onLogo={(chosen) => {
            setLogo(chosen && 'dataUrl' in chosen ? chosen.dataUrl : undefined);
            setErrors((current) => ({ ...current, logo: chosen && 'error' in chosen ? chosen.error : undefined }));
          }}
          logoPreview={logo ?? stored.logo_url}
        />
      </fieldset>
      {/* The quotation's terms (spec §9): what its 'Condiciones' print, the business's own. */}
      <fieldset className="business-form__fields" disabled={save.isPending}>
        <legend className="section-heading">{text.quotationTerms}</legend>
        <Field
          id={idOf('free_delivery_minimum')}
          label={text.freeDeliveryMinimum}
          error={errors.free_delivery_minimum}
          hint={text.freeDeliveryHint}
        >
          <input
            id={idOf('free_delivery_minimum')}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={values.free_delivery_minimum ?? ''}
            onChange={(e) => change('free_delivery_minimum', e.target.value)}
            {...describedBy(idOf('free_delivery_minimum'), errors.free_delivery_minimum, true)}
          />
        </Field>
        <Field id={idOf('quotation_terms')} label={text.conditions} error={errors.quotation_terms} hint={text.conditionsHint}>
          <textarea
            id={idOf('quotation_terms')}
            rows={5}
            maxLength={2000}
            value={values.quotation_terms ?? ''}
            onChange={(e) => change('quotation_terms', e.target.value)}
            {...describedBy(idOf('quotation_terms'), errors.quotation_terms, true)}
          />
        </Field>
      </fieldset>
      <FormActions
        serverError={save.error ? getErrorMessage(save.error) : null}
        pending={save.isPending}
        disabled={!changed}
        onCancel={() => {
          setValues(initial);
          setLogo(undefined);
          setErrors({});
        }}
        labels={{ cancel: text.cancel, save: text.save, saving: text.saving }}
      />
    </form>
  );
}
