import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { newSaleMessages } from '../../../domain/messages/new-sale';
import { quotationsMessages } from '../../../domain/messages/quotations';
import { salesMessages } from '../../../domain/messages/sales';
import { commonMessages } from '../../../domain/messages/shell';
import { quotationFolio } from '../../../domain/sales';
import { defaultQuotationLayout } from '../../../domain/documents/quotation-layout';
import { quotationInputSchema, quotationWriteAnswerSchema, type QuotationInput, type SaleDetail } from '../../../domain/schemas/quotations';
import { addDays, monterreyDate, monterreyDateOffset } from '../../../domain/time';
import { QueryStatus } from '../../ui/query-status';
import { useShell } from '../../ui/shell-context';
import { ApiError, apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { printQuotation } from '../../ui/print-documents';
import { useHoldUpdate } from '../../lib/sending-gate';
import { AppLink } from '../../ui/app-link';
import { SaleCart, SeriesField, useCartScanner } from './sale-cart';
import { companyQueryOptions, contactsQueryOptions, itemsQueryOptions, saleDetailQueryOptions, saleQueryKeys } from './sale-queries';
import { cartOfSale, useSaleCart, type CartContents } from './use-sale-cart';
import { quotationFieldOf, type QuotationField } from './quotation-fields';
import './sales.css';
import { ScreenPage, useScreenChrome, useScreenPlace } from '../../ui/screen-chrome';
import { FormActions } from '../../ui/form-actions';
import { useLastingToast, useToast } from '../../ui/toast';
import { Field } from '../../ui/form-fields';

const text = quotationsMessages.form;
const cartText = newSaleMessages;
/** Spec §9: a quotation is valid up to its due date; a new one is valid for 15 days. */
const VALIDITY_DAYS = 15;

/** `/quotations/new` and `/quotations/{id}`: the quotation form, with the same cart as a new sale. */
export default function QuotationFormPage() {
  const { params } = useScreenPlace();
  if (params.id === undefined) return <QuotationForm />;
  const id = /^\d+$/.test(params.id) ? Number(params.id) : null;
  return id === null ? <Refusal title={text.notFound} message={text.notFound} /> : <EditQuotation key={id} id={id} />;
}

/** What an edited quotation starts from, once its record, today's prices and its company's branches are in. */
interface Initial {
  quotation: SaleDetail;
  cart: CartContents;
}

function EditQuotation({ id }: { id: number }) {
  const detail = useQuery({
    ...saleDetailQueryOptions(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    // Read once for the form: a refresh on refocus that found it sold or cancelled meanwhile would
    // swap the form, and what was typed, for a refusal; the server refuses the save instead.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const quotation = detail.data;
  const items = useQuery({ ...itemsQueryOptions(), enabled: quotation !== undefined });
  const company = useQuery({
    ...companyQueryOptions(quotation?.company.id ?? 0, quotation?.company.name ?? ''),
    enabled: quotation !== undefined,
  });

  if (detail.isError && detail.error instanceof ApiError && detail.error.status === 404)
    return <Refusal title={text.notFound} message={text.notFound} />;
  // The form starts from what the server holds now, never from a copy kept from another day:
  // a kept copy waits for the server's answer, and a failed read says so with 'Reintentar'.
  if (!detail.isFetchedAfterMount || !quotation)
    return (
      <Loading
        title={text.editTitle(quotationFolio(id))}
        query={{ isPending: !detail.isError, isError: detail.isError, error: detail.error, data: undefined, refetch: detail.refetch }}
      />
    );
  const folio = quotationFolio(quotation.id);
  if (quotation.kind !== 'quotation')
    return (
      <Refusal title={text.editTitle(folio)} message={text.notQuotation(quotation.id)}>
        <AppLink href={`/sales/${quotation.id}`}>{salesMessages.page.title(quotation.id)}</AppLink>
      </Refusal>
    );
  if (quotation.sale_id !== null)
    return (
      <Refusal title={text.editTitle(folio)} message={text.sold(folio, quotation.sale_id)}>
        <AppLink href={`/sales/${quotation.sale_id}`}>{text.openSale(quotation.sale_id)}</AppLink>
      </Refusal>
    );
  if (quotation.canceled_at !== null) return <Refusal title={text.editTitle(folio)} message={text.canceled(folio)} />;
  if (items.isPending || company.isPending) return <Loading title={text.editTitle(folio)} query={items.isPending ? items : company} />;
  if (items.isError || company.isError) return <Loading title={text.editTitle(folio)} query={items.isError ? items : company} />;

  const initial: Initial = { quotation, cart: cartOfSale(quotation, items.data, company.data?.branches) };
  return <QuotationForm initial={initial} />;
}

function QuotationForm({ initial }: { initial?: Initial }) {
  const { deployment } = useShell();
  const { navigate } = useScreenChrome();
  const queryClient = useQueryClient();
  const announce = useLastingToast();
  const quotation = initial?.quotation;
  const today = monterreyDate(new Date());
  // Serie B's uplift depends on the day the quotation was made, as the server prices it.
  const createdOn = quotation ? monterreyDate(new Date(quotation.created_at)) : today;
  const sale = useSaleCart({ createdOn, rules: deployment.flags, initial: initial?.cart });
  const { company, branchId, cart, series } = sale;
  const [contactId, setContactId] = useState<number | null>(quotation?.contact?.id ?? null);
  const [date, setDate] = useState(() => quotation?.date ?? monterreyDateOffset(new Date(), 1));
  const [dueDate, setDueDate] = useState(() => quotation?.due_date ?? addDays(today, VALIDITY_DAYS));
  const [note, setNote] = useState(quotation?.note ?? '');
  const [internalNote, setInternalNote] = useState(quotation?.internal_note ?? '');
  const [purchaseOrder, setPurchaseOrder] = useState(quotation?.purchase_order ?? '');
  // `focus`: the element id of the field the message is about.
  const [error, setError] = useState<{ message: string; field: QuotationField | null; focus: string | null } | null>(null);
  const [notify, toast] = useToast();
  const keys = useRequestKeys();
  const ids = {
    ...sale.ids,
    contact: useId(),
    series: useId(),
    date: useId(),
    validity: useId(),
    note: useId(),
    internal: useId(),
    po: useId(),
    error: useId(),
  };
  const scanner = useCartScanner(sale, notify);
  const contacts = useQuery({ ...contactsQueryOptions(), enabled: company !== null });
  const companyContacts = company ? (contacts.data ?? []).filter((contact) => contact.company_id === company.id) : [];
  useHoldUpdate(cart.length > 0 || company !== null);

  const fail = (message: string, field: QuotationField | null) => setError({ message, field, focus: field && ids[field] });

  const save = useMutation({
    mutationFn: (body: QuotationInput) =>
      apiRequest(quotation ? `/api/v2/quotations/${quotation.id}` : '/api/v2/quotations', {
        method: quotation ? 'PUT' : 'POST',
        body,
        schema: quotationWriteAnswerSchema,
        idempotencyKey: keys.keyFor('quotation', body),
      }),
    onSuccess: ({ data: saved }) => {
      keys.done('quotation');
      queryClient.setQueryData(saleQueryKeys.detail(saved.id), saved);
      // The list it goes back to shows it (its keys start with 'quotations').
      void queryClient.invalidateQueries({ queryKey: ['quotations'] });
      announce(text.saved(quotationFolio(saved.id)), 'success', {
        text: text.print,
        handler: () => printQuotation(saved, defaultQuotationLayout(deployment.id)),
      });
      // The form leaves the stack: a later 'Nueva cotización' starts empty.
      navigate('/quotations', 'replace');
    },
    // Everything typed stays: the person fixes what the message says and saves again.
    onError: (failure) => fail(getErrorMessage(failure), quotationFieldOf(getErrorMessage(failure))),
  });

  // The field a message is about gets the focus once the form is editable again.
  const focus = error?.focus ?? null;
  useEffect(() => {
    if (focus && !save.isPending) document.getElementById(focus)?.focus();
  }, [error, focus, save.isPending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!company) {
      fail(cartText.companyRequired, 'company');
      return;
    }
    const parsed = quotationInputSchema.safeParse({
      company_id: company.id,
      company_branch_id: branchId,
      contact_id: contactId,
      date,
      due_date: dueDate,
      type: series,
      note: note.trim() || null,
      internal_note: internalNote.trim() || null,
      purchase_order: purchaseOrder.trim() || null,
      items: cart.map((line) => ({ item_id: line.itemId, quantity: line.quantity })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      fail(issue?.message ?? commonMessages.genericError, quotationFieldOf(null, issue?.path[0]));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  const invalid = (field: QuotationField) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': ids.error } : {};
  const title = quotation ? text.editTitle(quotationFolio(quotation.id)) : text.newTitle;

  return (
    <ScreenPage
      title={title}
      overlays={
        <>
          {scanner.dialog}
          {toast}
        </>
      }
    >
      <form className="new-sale" onSubmit={submit} noValidate aria-label={title}>
        <fieldset className="new-sale__body" disabled={save.isPending}>
          <SaleCart
            cart={sale}
            onScan={scanner.open}
            onCompanyPicked={() => {
              // Another customer's contact cannot stay.
              setContactId(null);
              setError(null);
            }}
            customer={
              <Field id={ids.contact} label={text.contact}>
                <select
                  id={ids.contact}
                  value={contactId ?? ''}
                  onChange={(e) => setContactId(e.target.value ? Number(e.target.value) : null)}
                  {...invalid('contact')}
                >
                  <option value="">{text.noContact}</option>
                  {/* The quoted contact shows while the list loads, so the select never loses it. */}
                  {contactId !== null && !companyContacts.some((c) => c.id === contactId) && quotation?.contact?.id === contactId && (
                    <option value={contactId}>
                      {quotation.contact.name} {quotation.contact.last}
                    </option>
                  )}
                  {companyContacts.map((contact) => (
                    <option key={contact.id} value={contact.id}>
                      {contact.name} {contact.last}
                      {contact.email ? ` · ${contact.email}` : ''}
                    </option>
                  ))}
                </select>
              </Field>
            }
          />

          <section className="new-sale__details">
            <SeriesField id={ids.series} series={series} onChange={sale.setSeries} />
            <Field id={ids.date} label={cartText.date}>
              <input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} {...invalid('date')} />
            </Field>
            <Field id={ids.validity} label={text.validity}>
              <input
                id={ids.validity}
                type="date"
                min={today}
                value={dueDate}
                onChange={(e) => setDueDate(e.target.value)}
                {...invalid('validity')}
              />
            </Field>
            <Field id={ids.po} label={cartText.purchaseOrder}>
              <input
                id={ids.po}
                maxLength={60}
                value={purchaseOrder}
                onChange={(e) => setPurchaseOrder(e.target.value)}
                {...invalid('po')}
              />
            </Field>
            <Field id={ids.note} label={cartText.note}>
              <textarea
                id={ids.note}
                rows={2}
                maxLength={2000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                {...invalid('note')}
              />
            </Field>
            <Field id={ids.internal} label={cartText.internalNote}>
              <textarea
                id={ids.internal}
                rows={2}
                maxLength={2000}
                value={internalNote}
                onChange={(e) => setInternalNote(e.target.value)}
                {...invalid('internal')}
              />
            </Field>
          </section>
        </fieldset>
        <FormActions
          serverError={error?.message ?? null}
          errorId={ids.error}
          pending={save.isPending}
          onCancel={() => navigate('/quotations', 'back')}
          labels={{ cancel: text.backToList, save: text.save, saving: text.saving }}
        />
      </form>
    </ScreenPage>
  );
}

function Loading({ title, query }: { title: string; query: Parameters<typeof QueryStatus>[0]['query'] }) {
  return (
    <ScreenPage title={title}>
      <QueryStatus query={query} />
    </ScreenPage>
  );
}

/** A quotation that cannot be edited, said kindly, with the way on. */
function Refusal({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <ScreenPage title={title}>
      <div className="centered" role="alert">
        <p>{message}</p>
        {children}
        <AppLink href="/quotations" className="outline-button">
          {text.backToList}
        </AppLink>
      </div>
    </ScreenPage>
  );
}
