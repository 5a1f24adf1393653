import { IonButton, IonContent, IonPage, IonText, IonToast } from '@ionic/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { addToCart, cartTotals, lower, raise, removeFromCart, setQuantity, shownPrice, type Cart } from '../../../domain/cart';
import { formatMoney } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { companySearchSchema } from '../../../domain/schemas/orders';
import { createdSaleSchema, newSaleSchema, type NewSale } from '../../../domain/schemas/new-sale';
import { posItemPageSchema } from '../../../domain/schemas/reads';
import { SALE_SERIES, type SaleSeries } from '../../../domain/sales';
import { monterreyDate, monterreyDateOffset, monterreyMinute } from '../../../domain/time';
import type { SaleTicket } from '../../../domain/schemas/ticket';
import { AppHeader } from '../../app/app-header';
import { useShell } from '../../app/shell-context';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { useSettled } from '../../lib/use-settled';
import { openPrintWindow } from '../../lib/session-store';
import { useHoldUpdate } from '../../sync/sending-gate';
import './sales.css';

const text = messages.newSale;
// The camera and its decoder load only when the scanner opens.
const ScannerDialog = lazy(() => import('./scanner-dialog'));

type Company = { id: number; name: string; branches: { id: number; name: string }[] };
type Item = { id: number; name: string; price: number; unit: { name: string } };

const itemQuery = (params: Record<string, string>) =>
  `/api/v2/item/pos?${new URLSearchParams({ 'filter[is_published]': '1', itemsPerPage: '10', ...params })}`;

/**
 * `/new-sales` and `/pos` (spec §2, §4 Cart, §9): company and branch, items by name or by
 * scanning their EAN, the cart, the series and totals in MXN, and the order's details.
 * Saving creates the order to fill; the warehouse sees it at once.
 */
export default function NewSalePage({ counter = false }: { counter?: boolean }) {
  const { deployment, user } = useShell();
  const [company, setCompany] = useState<Company | null>(null);
  const [branchId, setBranchId] = useState<number | null>(null);
  const [cart, setCart] = useState<Cart>([]);
  const [series, setSeries] = useState<SaleSeries>('Serie A');
  const [date, setDate] = useState(() => monterreyDateOffset(new Date(), counter ? 0 : 1));
  const [note, setNote] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const [purchaseOrder, setPurchaseOrder] = useState('');
  const [bar, setBar] = useState(counter);
  const [scanning, setScanning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<{ message: string; tone: 'success' | 'danger' } | null>(null);
  const [ticket, setTicket] = useState<SaleTicket | null>(null);
  const keys = useRequestKeys();
  const ids = { series: useId(), date: useId(), note: useId(), internal: useId(), po: useId(), bar: useId(), branch: useId() };
  useHoldUpdate(cart.length > 0 || company !== null);
  const today = monterreyDate(new Date());
  const totals = cartTotals(cart, series, today, deployment.flags);

  const save = useMutation({
    mutationFn: (body: NewSale) =>
      apiRequest('/api/v2/sales', { method: 'POST', body, schema: createdSaleSchema, idempotencyKey: keys.keyFor('sale', body) }),
    onSuccess: (sale) => {
      keys.done('sale');
      setToast({ message: text.saved(sale.id), tone: 'success' });
      // The ticket prints the sale as the server saved and priced it.
      setTicket({
        id: sale.id,
        date: sale.date,
        printedAt: monterreyMinute(new Date()),
        company: company?.name ?? '',
        branch: company?.branches.find((b) => b.id === branchId)?.name ?? null,
        seller: `${user.name} ${user.last}`,
        type: sale.type,
        bar,
        items: sale.items.map((line) => ({
          name: line.name,
          unit: line.unit,
          quantity: line.quantity,
          price: line.price,
          amount: line.amount,
        })),
        subtotal: sale.subtotal,
        iva: sale.iva,
        total: sale.total,
        note: note.trim() || null,
      });
      setCart([]);
      setNote('');
      setInternalNote('');
      setPurchaseOrder('');
    },
    onError: (failure) => setError(getErrorMessage(failure)),
  });

  const add = (item: Item) =>
    setCart((current) => addToCart(current, { itemId: item.id, name: item.name, unit: item.unit.name, price: item.price }));

  const onScanned = async (code: string) => {
    try {
      const found = await apiRequest(itemQuery({ 'filter[ean13]': code, itemsPerPage: '1' }), { schema: posItemPageSchema });
      const item = found.data[0];
      if (!item) setToast({ message: text.scannerUnknown(code), tone: 'danger' });
      else {
        add(item);
        setToast({ message: text.scannerFound(item.name), tone: 'success' });
      }
    } catch (failure) {
      setToast({ message: getErrorMessage(failure), tone: 'danger' });
    }
  };

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
      setError(parsed.error.issues[0]?.message ?? messages.common.genericError);
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <IonPage>
      <AppHeader title={counter ? text.posTitle : text.title} />
      <IonContent className="ion-padding">
        <form className="new-sale" onSubmit={submit} noValidate>
          {/* While saving, the sale stays as it was sent: its ticket prints exactly that. */}
          <fieldset className="new-sale__body" disabled={save.isPending}>
            <section className="new-sale__customer" aria-label={text.company}>
              {company ? (
                <div className="chosen-company">
                  <strong>{company.name}</strong>
                  <IonButton
                    fill="clear"
                    size="small"
                    onClick={() => {
                      setCompany(null);
                      setBranchId(null);
                    }}
                  >
                    {text.change}
                  </IonButton>
                  <div className="field">
                    <label htmlFor={ids.branch}>{text.branch}</label>
                    <select
                      id={ids.branch}
                      value={branchId ?? ''}
                      onChange={(e) => setBranchId(e.target.value ? Number(e.target.value) : null)}
                    >
                      <option value="">{text.noBranch}</option>
                      {company.branches.map((branch) => (
                        <option key={branch.id} value={branch.id}>
                          {branch.name}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              ) : (
                <CompanySearch
                  onPick={(picked) => {
                    setCompany(picked);
                    setBranchId(picked.branches[0]?.id ?? null);
                    setError(null);
                  }}
                />
              )}
            </section>

            <section className="new-sale__items" aria-label={messages.driver.items}>
              <ItemSearch onAdd={add} />
              <IonButton fill="outline" onClick={() => setScanning(true)}>
                {text.scan}
              </IonButton>
            </section>

            <section aria-label={text.cart}>
              <h2 className="section-heading">{text.cart}</h2>
              {cart.length === 0 ? (
                <p className="empty-state">{text.emptyCart}</p>
              ) : (
                <table className="cart-table">
                  <thead>
                    <tr>
                      <th scope="col">{messages.driver.items}</th>
                      <th scope="col">{text.quantity}</th>
                      <th scope="col" className="numeric">
                        {text.price}
                      </th>
                      <th scope="col" className="numeric">
                        {text.amount}
                      </th>
                      <th scope="col">
                        <span className="visually-hidden">{messages.shippings.columns.actions}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {cart.map((line) => {
                      const price = shownPrice(line.price, series, today, deployment.flags);
                      return (
                        <tr key={line.itemId}>
                          <th scope="row">{line.name}</th>
                          <td>
                            <div className="quantity">
                              <button
                                type="button"
                                className="icon-button"
                                aria-label={text.lower(line.name)}
                                onClick={() => setCart((c) => lower(c, line.itemId))}
                              >
                                <span aria-hidden="true">−</span>
                              </button>
                              <QuantityInput
                                label={text.quantityOf(line.name)}
                                quantity={line.quantity}
                                onChange={(quantity) => setCart((c) => setQuantity(c, line.itemId, quantity))}
                              />
                              <span>{line.unit}</span>
                              <button
                                type="button"
                                className="icon-button"
                                aria-label={text.raise(line.name)}
                                onClick={() => setCart((c) => raise(c, line.itemId))}
                              >
                                <span aria-hidden="true">+</span>
                              </button>
                            </div>
                          </td>
                          <td className="numeric">{formatMoney(price)}</td>
                          <td className="numeric">{formatMoney(price * line.quantity)}</td>
                          <td>
                            <button
                              type="button"
                              className="icon-button"
                              aria-label={text.remove(line.name)}
                              onClick={() => setCart((c) => removeFromCart(c, line.itemId))}
                            >
                              <span aria-hidden="true">×</span>
                            </button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
              <dl className="cart-totals" aria-live="polite">
                <dt>{text.subtotal}</dt>
                <dd>{formatMoney(totals.subtotal)}</dd>
                <dt>{text.iva}</dt>
                <dd>{formatMoney(totals.iva)}</dd>
                <dt>{text.total}</dt>
                <dd>{formatMoney(totals.total)}</dd>
              </dl>
            </section>

            <section className="new-sale__details">
              <div className="field">
                <label htmlFor={ids.series}>{text.series}</label>
                <select id={ids.series} value={series} onChange={(e) => setSeries(e.target.value as SaleSeries)}>
                  {SALE_SERIES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={ids.date}>{text.date}</label>
                <input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor={ids.po}>{text.purchaseOrder}</label>
                <input id={ids.po} maxLength={60} value={purchaseOrder} onChange={(e) => setPurchaseOrder(e.target.value)} />
              </div>
              <label className="switch-field" htmlFor={ids.bar}>
                <input id={ids.bar} type="checkbox" checked={bar} onChange={(e) => setBar(e.target.checked)} />
                {text.counter}
              </label>
              <div className="field">
                <label htmlFor={ids.note}>{text.note}</label>
                <textarea id={ids.note} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor={ids.internal}>{text.internalNote}</label>
                <textarea
                  id={ids.internal}
                  rows={2}
                  maxLength={2000}
                  value={internalNote}
                  onChange={(e) => setInternalNote(e.target.value)}
                />
              </div>
            </section>
          </fieldset>
          {error && (
            <p role="alert">
              <IonText color="danger">{error}</IonText>
            </p>
          )}
          <div className="form-actions">
            {ticket && (
              <IonButton fill="outline" onClick={() => openPrintWindow({ kind: 'ticket', data: ticket })}>
                {text.printTicket} · {messages.ticket.folio(ticket.id)}
              </IonButton>
            )}
            <IonButton type="submit" disabled={save.isPending}>
              {save.isPending ? text.saving : text.save}
            </IonButton>
          </div>
        </form>
        {scanning && (
          <Suspense fallback={null}>
            <ScannerDialog onCode={(code) => void onScanned(code)} onClose={() => setScanning(false)} />
          </Suspense>
        )}
        <IonToast
          isOpen={toast !== null}
          message={toast?.message ?? ''}
          color={toast?.tone}
          duration={4000}
          onDidDismiss={() => setToast(null)}
        />
      </IonContent>
    </IonPage>
  );
}

function CompanySearch({ onPick }: { onPick: (company: Company) => void }) {
  const [search, setSearch] = useState('');
  const name = useSettled(search.trim());
  const id = useId();
  const results = useQuery({
    queryKey: ['company-search', 'sale', name],
    enabled: name.length >= 2,
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/company_p?${new URLSearchParams({ 'filter[name]': name, itemsPerPage: '10' })}`, {
        schema: companySearchSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
  return (
    <div className="picker">
      <div className="field">
        <label htmlFor={id}>{text.companySearch}</label>
        <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {name.length >= 2 && results.data && (
        <ul className="picker__results" aria-label={text.results}>
          {results.data.data.length === 0 && <li>{text.noCompanies}</li>}
          {results.data.data.map((company) => (
            <li key={company.id}>
              <button
                type="button"
                className="picker__option"
                onClick={() => onPick({ id: company.id, name: company.name, branches: company.branches ?? [] })}
              >
                {company.name}
                <span className="picker__detail">{company.razon_social}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemSearch({ onAdd }: { onAdd: (item: Item) => void }) {
  const [search, setSearch] = useState('');
  const name = useSettled(search.trim());
  const id = useId();
  const results = useQuery({
    queryKey: ['item-search', name],
    enabled: name.length >= 2,
    queryFn: ({ signal }) => apiRequest(itemQuery({ 'filter[name]': name }), { schema: posItemPageSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
  return (
    <div className="picker">
      <div className="field">
        <label htmlFor={id}>{text.itemSearch}</label>
        <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {name.length >= 2 && results.data && (
        <ul className="picker__results" aria-label={text.results}>
          {results.data.data.length === 0 && <li>{text.noItems}</li>}
          {results.data.data.map((item) => (
            <li key={item.id}>
              <button type="button" className="picker__option" aria-label={text.add(item.name)} onClick={() => onAdd(item)}>
                {item.name}
                <span className="picker__detail">
                  {formatMoney(item.price)} / {item.unit.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A line's quantity as typed: applied when the field is left or Enter is pressed, so
 * clearing it to type another number, or typing "0.5", does not drop the line on the way.
 * A comma is not a decimal point in es-MX (it separates thousands): such text is not taken.
 */
function QuantityInput({ label, quantity, onChange }: { label: string; quantity: number; onChange: (quantity: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const apply = () => {
    if (draft === null) return;
    const value = draft.includes(',') ? Number.NaN : Number(draft.trim());
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(value)) onChange(value);
  };
  return (
    <input
      aria-label={label}
      inputMode="decimal"
      value={draft ?? String(quantity)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          apply();
        }
      }}
    />
  );
}
