import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { newSaleMessages } from '../../../domain/messages/new-sale';
import { commonMessages } from '../../../domain/messages/shell';
import { ticketMessages } from '../../../domain/messages/ticket';
import { salesMessages } from '../../../domain/messages/sales';
import { driverMessages } from '../../../domain/messages/driver';
import { offlineMoneyMessages } from '../../../domain/messages/offline-money';
import { createdSaleSchema, newSaleSchema, type NewSale } from '../../../domain/schemas/new-sale';
import { saleDetailAnswerSchema, type SaleDetail } from '../../../domain/schemas/quotations';
import { monterreyDate, monterreyDateOffset, monterreyMinute } from '../../../domain/time';
import type { SaleTicket } from '../../../domain/schemas/ticket';
import { useToast } from '../../ui/toast';
import { useShell } from '../../ui/shell-context';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { openPrintWindow } from '../../lib/session-store';
import { useHoldUpdate } from '../../lib/sending-gate';
import { useEngineWhenReady, useSyncDatabase, useSyncStatus } from '../../sync/sync-context';
import { SaleCart, SeriesField, useCartScanner } from './sale-cart';
import { useSaleCart, type CartContents } from './use-sale-cart';
import { saleQueryKeys } from './sale-queries';
import './sales.css';
import { ScreenPage, useScreenChrome } from '../../ui/screen-chrome';
import { useLastingToast } from '../../ui/toast';
import { Field } from '../../ui/form-fields';
import { useConfirmSheet } from '../../ui/overlays';
import { rentalMessages } from '../../../domain/messages/rentals';
import { RentalShortageWarning, useRentalShortages } from './rental-pieces';
import { DeviceSales } from './device-sales';
import { deviceSaleTicket, queueSale, saveFailure, saveNewSale, shownLines, type ShownSale } from './offline-sale';

const text = newSaleMessages;
/**
 * How long a direct save waits for the server's answer before the sale goes into the outbox
 * under the same key (as the outbox waits for a request): a hanging connection is no connection.
 */
const SAVE_TIMEOUT_MS = 30_000;

/**
 * `/new-sales` and `/pos` (spec §2, §4 Cart, §9): company and branch, items by name or by
 * scanning their EAN, the cart, the series and totals in MXN, and the order's details.
 * Saving creates the order to fill; the warehouse sees it at once. Without a connection the
 * sale is kept on the device and sent when there is one (issue 46); the device's own sales
 * show below the form.
 */
export default function NewSalePage({ counter = false }: { counter?: boolean }) {
  return (
    <ScreenPage title={counter ? text.posTitle : text.title}>
      <SaleForm counter={counter} />
      <DeviceSales />
    </ScreenPage>
  );
}

/** A sale being corrected: its record, and its cart with today's list prices (the server prices it again). */
export interface EditingSale {
  sale: SaleDetail;
  cart: CartContents;
}

/**
 * The sale's form: a new one (saving creates its order to fill and offers its ticket) or, with
 * `editing`, a sale whose order is not filled yet (saving replaces its lines and details and
 * goes back to its page).
 */
export function SaleForm({ counter = false, editing }: { counter?: boolean; editing?: EditingSale }) {
  const { deployment, user } = useShell();
  const { navigate } = useScreenChrome();
  const queryClient = useQueryClient();
  const announce = useLastingToast();
  const editedSale = editing?.sale;
  const today = monterreyDate(new Date());
  // Serie B's uplift depends on the day the sale was made, as the server prices it.
  const sale = useSaleCart({
    createdOn: editedSale ? monterreyDate(new Date(editedSale.created_at)) : today,
    rules: deployment.flags,
    initial: editing?.cart,
  });
  const { company, branchId, cart, series } = sale;
  const [date, setDate] = useState(() => editedSale?.date ?? monterreyDateOffset(new Date(), counter ? 0 : 1));
  const [note, setNote] = useState(editedSale?.note ?? '');
  const [internalNote, setInternalNote] = useState(editedSale?.internal_note ?? '');
  const [purchaseOrder, setPurchaseOrder] = useState(editedSale?.purchase_order ?? '');
  const [bar, setBar] = useState(editedSale?.bar ?? counter);
  const [error, setError] = useState<string | null>(null);
  const [ticket, setTicket] = useState<SaleTicket | null>(null);
  const keys = useRequestKeys();
  const ids = { series: useId(), date: useId(), note: useId(), internal: useId(), po: useId(), bar: useId() };
  const [notify, toast] = useToast();
  const scanner = useCartScanner(sale, notify);
  const { online } = useSyncStatus();
  const whenEngine = useEngineWhenReady();
  const db = useSyncDatabase();
  useHoldUpdate(cart.length > 0 || company !== null);
  // A rental business is told before it rents more pieces than are free on the event's day.
  const shortages = useRentalShortages(deployment.flags.rentsGoods, date, cart, editedSale?.id);
  const overbooking = useConfirmSheet(
    (body: NewSale) => ({
      header: rentalMessages.confirmShortHeader,
      confirm: rentalMessages.confirmShort,
      onConfirm: () => (editedSale ? update : create).mutate(body),
    }),
    rentalMessages.reviewShort,
  );

  const update = useMutation({
    mutationFn: (body: NewSale) =>
      apiRequest(`/api/v2/sales/${editedSale!.id}`, {
        method: 'PUT',
        body,
        schema: saleDetailAnswerSchema,
        idempotencyKey: keys.keyFor('sale', body),
      }),
    onSuccess: ({ data }) => {
      keys.done('sale');
      queryClient.setQueryData(saleQueryKeys.detail(data.id), data);
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      announce(salesMessages.corrections.saved(driverMessages.saleFolio(data.id)), 'success');
      navigate(`/sales/${data.id}`, 'back');
    },
    onError: (failure) => setError(getErrorMessage(failure)),
  });
  // What the screen shows as the sale is saved: the ticket of a sale kept on the device prints it.
  const shownNow = (): ShownSale => ({
    company: company?.name ?? '',
    branch: company?.branches.find((b) => b.id === branchId)?.name ?? null,
    seller: `${user.name} ${user.last}`,
    lines: shownLines(cart, series, sale.createdOn, sale.rules),
    totals: sale.totals,
  });
  const create = useMutation({
    mutationFn: (body: NewSale) => {
      const key = keys.keyFor('sale', body);
      return saveNewSale({
        online,
        send: () =>
          apiRequest('/api/v2/sales', {
            method: 'POST',
            body,
            schema: createdSaleSchema,
            idempotencyKey: key,
            signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
          }),
        // Under the direct attempt's key: if that attempt did reach the server, the outbox gets its answer, not a second sale.
        queue: async () => queueSale(await whenEngine(), db, { body, key, shown: shownNow(), now: new Date() }),
      });
    },
    onSuccess: (result) => {
      keys.done('sale');
      const clear = () => {
        sale.setCart(() => []);
        setNote('');
        setInternalNote('');
        setPurchaseOrder('');
      };
      if (result.kind === 'offline') {
        notify(offlineMoneyMessages.savedOffline(result.sale.provisional), 'success');
        setTicket(deviceSaleTicket(result.sale, monterreyMinute(new Date())));
        clear();
        return;
      }
      const saved = result.saved;
      notify(text.saved(saved.id), 'success');
      // The ticket prints the sale as the server saved and priced it.
      setTicket({
        id: saved.id,
        date: saved.date,
        printedAt: monterreyMinute(new Date()),
        company: company?.name ?? '',
        branch: company?.branches.find((b) => b.id === branchId)?.name ?? null,
        seller: `${user.name} ${user.last}`,
        type: saved.type,
        bar,
        items: saved.items.map((line) => ({
          name: line.name,
          unit: line.unit,
          quantity: line.quantity,
          price: line.price,
          amount: line.amount,
        })),
        subtotal: saved.subtotal,
        iva: saved.iva,
        total: saved.total,
        note: note.trim() || null,
      });
      clear();
    },
    onError: (failure) => setError(saveFailure(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!company) {
      setError(text.companyRequired);
      return;
    }
    const parsed = newSaleSchema.safeParse({
      company_id: company.id,
      company_branch_id: branchId,
      date,
      type: series,
      note: note.trim() || null,
      internal_note: internalNote.trim() || null,
      purchase_order: purchaseOrder.trim() || null,
      bar,
      items: cart.map((line) => ({ item_id: line.itemId, quantity: line.quantity })),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? commonMessages.genericError);
      return;
    }
    setError(null);
    if (shortages.length > 0) overbooking.ask(parsed.data);
    else (editedSale ? update : create).mutate(parsed.data);
  };
  const save = editedSale ? update : create;

  return (
    <>
      <form className="new-sale" onSubmit={submit} noValidate aria-label={editedSale ? salesMessages.corrections.edit : undefined}>
        {/* While saving, the sale stays as it was sent: its ticket prints exactly that. */}
        <fieldset className="new-sale__body" disabled={save.isPending}>
          <SaleCart cart={sale} onScan={scanner.open} onCompanyPicked={() => setError(null)} />

          <section className="new-sale__details">
            <SeriesField id={ids.series} series={series} onChange={sale.setSeries} />
            <Field id={ids.date} label={text.date}>
              <input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </Field>
            <Field id={ids.po} label={text.purchaseOrder}>
              <input id={ids.po} maxLength={60} value={purchaseOrder} onChange={(e) => setPurchaseOrder(e.target.value)} />
            </Field>
            <label className="switch-field" htmlFor={ids.bar}>
              <input id={ids.bar} type="checkbox" checked={bar} onChange={(e) => setBar(e.target.checked)} />
              {text.counter}
            </label>
            <Field id={ids.note} label={text.note}>
              <textarea id={ids.note} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
            </Field>
            <Field id={ids.internal} label={text.internalNote}>
              <textarea
                id={ids.internal}
                rows={2}
                maxLength={2000}
                value={internalNote}
                onChange={(e) => setInternalNote(e.target.value)}
              />
            </Field>
          </section>
        </fieldset>
        {error && (
          <p role="alert">
            <span className="field-error">{error}</span>
          </p>
        )}
        <RentalShortageWarning date={date} shortages={shortages} />
        <div className="form-actions">
          {ticket && (
            <button type="button" className="outline-button" onClick={() => openPrintWindow({ kind: 'ticket', data: ticket })}>
              {text.printTicket} ·{' '}
              {ticket.id === null ? offlineMoneyMessages.provisionalFolio(ticket.provisional ?? '') : ticketMessages.folio(ticket.id)}
            </button>
          )}
          <button type="submit" className="button-primary button-primary--padded" disabled={save.isPending}>
            {save.isPending ? text.saving : text.save}
          </button>
        </div>
      </form>
      {scanner.dialog}
      {overbooking.sheet}
      {toast}
    </>
  );
}
