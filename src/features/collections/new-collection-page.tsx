import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { amountProblem, collectionFolio, previewPayment, type ApplyMode } from '../../../domain/collections';
import { fromCents, toCents } from '../../../domain/money';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { collectionsMessages } from '../../../domain/messages/collections';
import { driverMessages } from '../../../domain/messages/driver';
import { commonMessages } from '../../../domain/messages/shell';
import { hasPermission } from '../../../domain/permissions';
import {
  collectionInputSchema,
  type Collection,
  type CollectionInput,
  type CustomerBalance,
  type OpenSale,
} from '../../../domain/schemas/collections';
import { monterreyDate } from '../../../domain/time';
import { AppLink } from '../../ui/app-link';
import { useToast, type Notify } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { isNotFound, retryUnlessNotFound } from '../../ui/record-screen';
import { useShell } from '../../ui/shell-context';
import { ApiError, getErrorMessage } from '../../lib/api';
import { useHoldUpdate } from '../../lib/sending-gate';
import { CustomerSearch } from './customer-search';
import { customerBalanceOptions, printReceipt, useApplyCredit, usePaymentMethods, useRecordPayment } from './queries';
import './collections.css';
import { ScreenPage, useScreenPlace } from '../../ui/screen-chrome';
import { Field } from '../../ui/form-fields';

const text = collectionsMessages.form;
const columns = text.columns;

/**
 * `/new-collections` and `/new-collections/{id}`: a payment from a customer — the
 * customer (searched, or the one in the address), date, amount, payment method, reference and
 * note — applied to its open sales oldest first or line by line, as the server will apply it.
 */
export default function NewCollectionPage() {
  const param = useScreenPlace().params.id;
  const id = param === undefined ? undefined : /^\d+$/.test(param) ? Number(param) : null;
  const [notify, toast] = useToast();
  return (
    <ScreenPage title={text.title} overlays={toast}>
      <div className="collection-form">
        {id === undefined ? (
          <PickAndCollect notify={notify} />
        ) : id === null ? (
          <CustomerNotFound />
        ) : (
          <PaymentForm key={id} companyId={id} notify={notify} change={<AppLink href="/new-collections">{text.change}</AppLink>} />
        )}
      </div>
    </ScreenPage>
  );
}

function PickAndCollect({ notify }: { notify: Notify }) {
  const [customer, setCustomer] = useState<number | null>(null);
  if (customer === null) return <CustomerSearch onPick={(picked) => setCustomer(picked.id)} />;
  return (
    <PaymentForm
      key={customer}
      companyId={customer}
      notify={notify}
      change={
        <button type="button" className="outline-button outline-button--clear" onClick={() => setCustomer(null)}>
          {text.change}
        </button>
      }
    />
  );
}

function CustomerNotFound() {
  return (
    <div className="centered" role="alert">
      <p>{text.customerNotFound}</p>
      <AppLink href="/new-collections" className="outline-button">
        {text.change}
      </AppLink>
    </div>
  );
}

type Field = 'date' | 'amount' | 'method' | 'reference' | 'note' | 'lines';

function PaymentForm({ companyId, notify, change }: { companyId: number; notify: Notify; change: ReactNode }) {
  const balance = useQuery({ ...customerBalanceOptions(companyId), retry: retryUnlessNotFound });
  if (isNotFound(companyId, balance)) return <CustomerNotFound />;
  if (!balance.data) return <QueryStatus query={balance} loading={text.loadingSales} />;
  // Balances kept from an earlier visit show at once, but the payment is saved only against the
  // ones read now: what the form previews is then what the server applies.
  const current = balance.isFetchedAfterMount && !balance.isFetching;
  return (
    <PaymentFields balance={balance.data} refreshing={!current} refresh={() => void balance.refetch()} notify={notify} change={change} />
  );
}

function PaymentFields({
  balance,
  refreshing,
  refresh,
  notify,
  change,
}: {
  balance: CustomerBalance;
  refreshing: boolean;
  refresh: () => void;
  notify: Notify;
  change: ReactNode;
}) {
  const { user } = useShell();
  const methods = usePaymentMethods();
  const save = useRecordPayment();
  const applyCredit = useApplyCredit(balance.meta.company.id);
  const today = monterreyDate(new Date());
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState('');
  const [methodId, setMethodId] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [mode, setMode] = useState<ApplyMode>('oldest');
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  // `focus`: the element id of the field the message is about.
  const [error, setError] = useState<{ message: string; field: Field | null; focus: string | null } | null>(null);
  const ids = {
    date: useId(),
    amount: useId(),
    method: useId(),
    reference: useId(),
    note: useId(),
    lines: useId(),
    error: useId(),
  };
  const { company, totals } = balance.meta;
  const sales = balance.data;
  const open = useMemo(
    () => sales.map((sale) => ({ id: sale.id, due_date: sale.due_date, balanceCents: toCents(sale.due_balance) })),
    [sales],
  );
  const preview = previewPayment(amount, open, mode, chosen);
  const appliedTo = new Map(preview.application.lines.map((line) => [line.sale_id, line.cents]));
  const appliedCents = preview.application.lines.reduce((sum, line) => sum + line.cents, 0);
  useHoldUpdate(amount !== '' || reference !== '' || note !== '' || chosen.size > 0);

  // The field a message is about gets the focus once the form is editable again.
  const focus = error?.focus ?? null;
  useEffect(() => {
    if (focus && !save.isPending) document.getElementById(focus)?.focus();
  }, [error, focus, save.isPending]);

  const fail = (message: string, field: Field | null) => setError({ message, field, focus: field && ids[field] });

  const saved = (collection: Collection) => {
    setAmount('');
    setReference('');
    setNote('');
    setChosen(new Map());
    setMode('oldest');
    notify(text.saved(collectionFolio(collection.id)), 'success', {
      text: text.viewReceipt,
      handler: () => {
        try {
          printReceipt(collection);
        } catch (failure) {
          notify(getErrorMessage(failure), 'danger');
        }
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountError = amountProblem(amount);
    if (amountError) return fail(amountError, 'amount');
    if (methodId === null) return fail(collectionsMessages.paymentMethodRequired, 'method');
    if (preview.problem) return fail(preview.problem, 'lines');
    const body: CollectionInput = {
      company_id: company.id,
      date,
      amount: fromCents(preview.amountCents!),
      payment_method_id: methodId,
      reference: reference.trim() || null,
      note: note.trim() || null,
      ...(mode === 'lines' && {
        apply: 'lines' as const,
        lines: preview.application.lines.map((line) => ({ sale_id: line.sale_id, amount: fromCents(line.cents) })),
      }),
    };
    const parsed = collectionInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      return fail(
        issue?.message ?? commonMessages.genericError,
        field === 'date' ? 'date' : field === 'reference' ? 'reference' : field === 'note' ? 'note' : null,
      );
    }
    if (date > today) return fail(collectionsMessages.dateInFuture, 'date');
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: ({ data }) => saved(data),
      // Everything typed stays; the balances are read again in case someone else collected meanwhile.
      onError: (failure) => {
        fail(getErrorMessage(failure), failure instanceof ApiError && failure.status === 409 ? 'lines' : null);
        if (failure instanceof ApiError && failure.status === 409) refresh();
      },
    });
  };

  const invalid = (field: Field) => (error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': ids.error } : {});
  const saleLinks = hasPermission(user, 'sales');

  return (
    <form className="collection-form__body" onSubmit={submit} noValidate aria-label={`${text.title}: ${company.name}`}>
      <section className="collection-form__customer" aria-label={text.customer}>
        <div className="collection-form__chosen">
          <strong>{company.name}</strong>
          {change}
        </div>
        <p className="collection-form__facts">
          {company.razon_social} · {text.creditDays(company.credit_days)} · {text.owes(formatMoney(totals.total), totals.count)}
          {balance.meta.credit > 0 && <> · {text.creditOnFile(formatMoney(balance.meta.credit))}</>}
        </p>
        {balance.meta.credit > 0 && totals.count > 0 && (
          <button
            type="button"
            className="outline-button"
            disabled={applyCredit.isPending || refreshing}
            onClick={() =>
              applyCredit.mutate(undefined, {
                onSuccess: (after) =>
                  notify(collectionsMessages.creditApplied(formatMoney(balance.meta.credit - after.meta.credit)), 'success'),
                onError: (failure) => notify(getErrorMessage(failure), 'danger'),
              })
            }
          >
            {applyCredit.isPending ? collectionsMessages.applyingCredit : collectionsMessages.applyCredit}
          </button>
        )}
      </section>

      <fieldset className="collection-form__fields" disabled={save.isPending}>
        <legend className="section-heading">{text.payment}</legend>
        <Field id={ids.date} label={text.date}>
          <input id={ids.date} type="date" max={today} value={date} onChange={(e) => setDate(e.target.value)} {...invalid('date')} />
        </Field>
        <Field id={ids.amount} label={text.amount}>
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            {...invalid('amount')}
          />
        </Field>
        <Field id={ids.method} label={text.paymentMethod}>
          <select
            id={ids.method}
            value={methodId ?? ''}
            onChange={(e) => setMethodId(e.target.value ? Number(e.target.value) : null)}
            {...invalid('method')}
          >
            <option value="">{text.choosePaymentMethod}</option>
            {(methods.data ?? []).map((method) => (
              <option key={method.id} value={method.id}>
                {method.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.reference} label={text.reference}>
          <input
            id={ids.reference}
            maxLength={60}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            {...invalid('reference')}
          />
        </Field>
        <div className="field collection-form__note">
          <label htmlFor={ids.note}>{text.note}</label>
          <textarea id={ids.note} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} {...invalid('note')} />
        </div>
      </fieldset>

      <section className="collection-form__sales" aria-labelledby={ids.lines} aria-busy={refreshing}>
        <h2 id={ids.lines} className="section-heading" tabIndex={-1}>
          {text.openSales}
        </h2>
        {sales.length === 0 ? (
          <p className="empty-state">{text.noOpenSales}</p>
        ) : (
          <>
            <fieldset className="segmented-choice" disabled={save.isPending}>
              <legend>{text.apply}</legend>
              {(['oldest', 'lines'] as const).map((option) => (
                <label key={option} className="segmented-choice__option">
                  <input type="radio" name="apply" value={option} checked={mode === option} onChange={() => setMode(option)} />
                  {option === 'oldest' ? text.applyOldest : text.applyChosen}
                </label>
              ))}
              <p className="field-hint">{mode === 'oldest' ? text.applyOldestHint : text.applyChosenHint}</p>
            </fieldset>
            <div className="collection-form__scroll">
              <table className="collection-form__table">
                <thead>
                  <tr>
                    <th scope="col">{columns.folio}</th>
                    <th scope="col">{columns.date}</th>
                    <th scope="col">{columns.dueDate}</th>
                    <th scope="col" className="numeric">
                      {columns.total}
                    </th>
                    <th scope="col" className="numeric">
                      {columns.balance}
                    </th>
                    <th scope="col" className="numeric">
                      {columns.daysOverdue}
                    </th>
                    <th scope="col" className="numeric">
                      {columns.applied}
                    </th>
                    <th scope="col" className="numeric">
                      {columns.after}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sales.map((sale) => (
                    <SaleLine
                      key={sale.id}
                      sale={sale}
                      link={saleLinks}
                      mode={mode}
                      appliedCents={appliedTo.get(sale.id) ?? 0}
                      typed={chosen.get(sale.id) ?? ''}
                      disabled={save.isPending}
                      onType={(value) =>
                        setChosen((current) => {
                          const next = new Map(current);
                          next.set(sale.id, value);
                          return next;
                        })
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section aria-label={text.summary}>
        <dl className="collection-form__totals">
          <dt>{text.received}</dt>
          <dd>{formatMoney(fromCents(preview.amountCents ?? 0))}</dd>
          <dt>{text.applied}</dt>
          <dd>{formatMoney(fromCents(appliedCents))}</dd>
          <dt>{text.credit}</dt>
          <dd>{formatMoney(fromCents(preview.application.unappliedCents))}</dd>
        </dl>
      </section>

      {error && (
        <p role="alert" id={ids.error} className="field__error">
          {error.message}
        </p>
      )}
      <div className="form-actions">
        <AppLink href="/collections" className="outline-button outline-button--clear">
          {text.backToList}
        </AppLink>
        <button type="submit" className="button-primary button-primary--padded" disabled={save.isPending || refreshing}>
          {save.isPending ? text.saving : refreshing ? text.refreshingBalances : text.save}
        </button>
      </div>
    </form>
  );
}

/** One open sale: what it owes, how late it is, and what this payment applies to it (typed in 'Elegir'). */
function SaleLine({
  sale,
  link,
  mode,
  appliedCents,
  typed,
  disabled,
  onType,
}: {
  sale: OpenSale;
  link: boolean;
  mode: ApplyMode;
  appliedCents: number;
  typed: string;
  disabled: boolean;
  onType: (value: string) => void;
}) {
  const folio = driverMessages.saleFolio(sale.id);
  const after = Math.max(toCents(sale.due_balance) - appliedCents, 0);
  return (
    <tr>
      <th scope="row">{link ? <AppLink href={`/sales/${sale.id}`}>{folio}</AppLink> : folio}</th>
      <td className="nowrap">{formatCalendarDate(sale.date)}</td>
      <td className="nowrap">{sale.due_date ? formatCalendarDate(sale.due_date) : '—'}</td>
      <td className="numeric">{formatMoney(sale.total)}</td>
      <td className="numeric">{formatMoney(sale.due_balance)}</td>
      <td className="numeric">{sale.days_overdue > 0 ? sale.days_overdue : text.notDue}</td>
      <td className="numeric">
        {mode === 'oldest' ? (
          formatMoney(fromCents(appliedCents))
        ) : (
          <span className="collection-form__line-input">
            <input
              aria-label={text.amountFor(folio)}
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              disabled={disabled}
              onChange={(e) => onType(e.target.value)}
            />
            <button
              type="button"
              className="outline-button"
              aria-label={text.payAll(folio)}
              disabled={disabled}
              onClick={() => onType(sale.due_balance.toFixed(2))}
            >
              {text.payAllShort}
            </button>
          </span>
        )}
      </td>
      <td className="numeric">{formatMoney(fromCents(after))}</td>
    </tr>
  );
}
