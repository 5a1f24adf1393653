import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { lineAmount, lower, raise, removeFromCart, setQuantity, shownPrice } from '../../../domain/cart';
import { formatMoney } from '../../../domain/format';
import { customersMessages } from '../../../domain/messages/customers';
import { driverMessages } from '../../../domain/messages/driver';
import { newSaleMessages } from '../../../domain/messages/new-sale';
import { offlineMoneyMessages } from '../../../domain/messages/offline-money';
import type { LocalItem } from '../../../sync/db';
import { shippingsMessages } from '../../../domain/messages/shippings';
import { posItemPageSchema } from '../../../domain/schemas/reads';
import { SALE_SERIES, type SaleSeries } from '../../../domain/sales';
import { hasPermission } from '../../../domain/permissions';
import { COMPANY_SEARCH_MIN, useCompanySearch } from '../../ui/company-search';
import { useShell } from '../../ui/shell-context';
import { apiRequest, getErrorMessage, NetworkError } from '../../lib/api';
import { useSettled } from '../../lib/use-settled';
import {
  catalogueIsMissing,
  deviceStock,
  findCustomers,
  findItems,
  itemOfCode,
  useDeviceCustomers,
  useDeviceItems,
  usePendingHolds,
} from '../../sync/counter-reads';
import { useSyncDatabase, useSyncStatus } from '../../sync/sync-context';
import { formatAge } from '../../sync/sync-text';
import { stockText } from './offline-sale';
import type { CartCompany, CartItem, SaleCartState } from './use-sale-cart';
import './sales.css';
import { Field } from '../../ui/form-fields';

const text = newSaleMessages;
// The camera and its decoder load only when the scanner opens.
const ScannerDialog = lazy(() => import('../../ui/scanner-dialog'));
// 'Nuevo cliente' at the counter loads only when opened.
const CounterCustomerDialog = lazy(() => import('../../ui/counter-customer/counter-customer-dialog'));

export type CartNotify = (message: string, tone: 'success' | 'danger') => void;

const itemQuery = (params: Record<string, string>) =>
  `/api/v2/item/pos?${new URLSearchParams({ 'filter[is_published]': '1', itemsPerPage: '10', ...params })}`;

/**
 * An item of the device's catalogue as the cart takes it. An older server sent no rates: the
 * preview then taxes it at 16 %, as every product was before products had rates (the server
 * prices the sale again when it arrives, and a difference is shown).
 */
export function cartItemOfDevice(item: LocalItem): CartItem {
  return {
    id: item.id,
    name: item.name,
    price: item.price,
    unit: { name: item.unit },
    iva_rate: item.iva_rate === undefined ? 0.16 : item.iva_rate,
    ieps_rate: item.ieps_rate ?? null,
  };
}

/**
 * Whether the cart searches the device instead of the server: while the device is offline, or
 * once a search of the server failed for lack of connection (the browser may think it is online).
 */
function useSearchOnDevice(failed: unknown): boolean {
  const { online } = useSyncStatus();
  return !online || failed instanceof NetworkError;
}

/**
 * The cart of a new sale and of a quotation (spec §2 new sale, §4 Cart, §9): the customer
 * and branch, items by name or by their EAN, the lines with their quantities and the totals
 * in MXN as the one pricing rule previews them. `customer` adds fields about the chosen
 * customer (the quotation's contact); `onScan` opens the scanner (see useCartScanner).
 * The page draws it inside its form, with the fields that are its own.
 */
export function SaleCart({
  cart,
  onScan,
  onCompanyPicked,
  customer,
}: {
  cart: SaleCartState;
  onScan: () => void;
  onCompanyPicked?: () => void;
  customer?: ReactNode;
}) {
  const { company } = cart;
  return (
    <>
      <section className="new-sale__customer" aria-label={text.company}>
        {company ? (
          <div className="chosen-company">
            <strong>{company.name}</strong>
            <button type="button" className="outline-button outline-button--clear" onClick={cart.clearCompany}>
              {text.change}
            </button>
            <Field id={cart.ids.branch} label={text.branch}>
              <select
                id={cart.ids.branch}
                value={cart.branchId ?? ''}
                onChange={(e) => cart.setBranchId(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{text.noBranch}</option>
                {company.branches.map((branch) => (
                  <option key={branch.id} value={branch.id}>
                    {branch.name}
                  </option>
                ))}
              </select>
            </Field>
            {customer}
          </div>
        ) : (
          <CompanySearch
            id={cart.ids.company}
            onPick={(picked) => {
              cart.pickCompany(picked);
              onCompanyPicked?.();
            }}
          />
        )}
      </section>

      <section className="new-sale__items" aria-label={driverMessages.items}>
        <ItemSearch id={cart.ids.items} onAdd={cart.add} />
        <button type="button" className="outline-button" onClick={onScan}>
          {text.scan}
        </button>
      </section>
      <DeviceCatalogueNote />

      <CartLines cart={cart} />
    </>
  );
}

/** The lines with their quantity controls, and the totals. */
export function CartLines({ cart }: { cart: Pick<SaleCartState, 'cart' | 'series' | 'createdOn' | 'rules' | 'totals' | 'setCart'> }) {
  const { setCart, totals } = cart;
  return (
    <section aria-label={text.cart}>
      <h2 className="section-heading">{text.cart}</h2>
      {cart.cart.length === 0 ? (
        <p className="empty-state">{text.emptyCart}</p>
      ) : (
        <table className="cart-table">
          <thead>
            <tr>
              <th scope="col">{driverMessages.items}</th>
              <th scope="col">{text.quantity}</th>
              <th scope="col" className="numeric">
                {text.price}
              </th>
              <th scope="col" className="numeric">
                {text.amount}
              </th>
              <th scope="col">
                <span className="visually-hidden">{shippingsMessages.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cart.cart.map((line) => {
              const price = shownPrice(line.price, cart.series, cart.createdOn, cart.rules);
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
                  <td className="numeric">{formatMoney(lineAmount(price, line.quantity))}</td>
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
  );
}

/** The series select (Serie A / Serie B): its totals show in the cart above it. */
export function SeriesField({ id, series, onChange }: { id: string; series: SaleSeries; onChange: (series: SaleSeries) => void }) {
  return (
    <Field id={id} label={text.series}>
      <select id={id} value={series} onChange={(e) => onChange(e.target.value as SaleSeries)}>
        {SALE_SERIES.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The EAN scanner of a cart: `open` shows it, `dialog` is drawn by the page outside its
 * form (a disabled form must not disable the dialog's buttons). A code that is an item
 * adds one of it; the result is told through `notify`.
 */
export function useCartScanner(cart: Pick<SaleCartState, 'add'>, notify: CartNotify): { open: () => void; dialog: ReactNode } {
  const [scanning, setScanning] = useState(false);
  const { add } = cart;
  const db = useSyncDatabase();
  const { online } = useSyncStatus();
  const onScanned = useCallback(
    async (code: string) => {
      // Without a connection the code is looked up in the device's catalogue, by its EAN index.
      const onDevice = async (): Promise<CartItem | null | 'missing'> => {
        const local = await itemOfCode(db, code);
        if (local) return cartItemOfDevice(local);
        return (await catalogueIsMissing(db, 'items')) ? 'missing' : null;
      };
      try {
        const item = online
          ? await apiRequest(itemQuery({ 'filter[ean13]': code, itemsPerPage: '1' }), { schema: posItemPageSchema }).then(
              (found) => found.data[0] ?? null,
              (failure: unknown) => (failure instanceof NetworkError ? onDevice() : Promise.reject(failure)),
            )
          : await onDevice();
        if (item === 'missing') notify(offlineMoneyMessages.catalogueMissing, 'danger');
        else if (!item) notify(text.scannerUnknown(code), 'danger');
        else {
          add(item);
          notify(text.scannerFound(item.name), 'success');
        }
      } catch (failure) {
        notify(getErrorMessage(failure), 'danger');
      }
    },
    [add, notify, db, online],
  );
  const open = useCallback(() => setScanning(true), []);
  const dialog = scanning ? (
    <Suspense fallback={null}>
      <ScannerDialog onCode={(code) => void onScanned(code)} onClose={() => setScanning(false)} />
    </Suspense>
  ) : null;
  return { open, dialog };
}

function CompanySearch({ id, onPick }: { id: string; onPick: (company: CartCompany) => void }) {
  const { user } = useShell();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  // The office or a seller may add a customer here; it then waits for the office to verify it.
  const canCreate = hasPermission(user, 'sales') || hasPermission(user, 'companies');
  const name = useSettled(search.trim());
  const { online } = useSyncStatus();
  // Offline, the server is not asked (an empty search asks nothing).
  const results = useCompanySearch(online ? name : '');
  const onDevice = useSearchOnDevice(results.error);
  // The device's customers are searched at every keystroke: an array filter, no request.
  const typed = search.trim();
  const device = useDeviceCustomers(onDevice);
  const found = useMemo(() => (device ? findCustomers(device, typed) : []), [device, typed]);
  return (
    <div className="picker">
      <Field id={id} label={text.companySearch}>
        <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      {canCreate && (
        <button type="button" className="outline-button" onClick={() => setCreating(true)}>
          {customersMessages.counter.open}
        </button>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CounterCustomerDialog initialName={search.trim()} onCreated={onPick} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {onDevice
        ? typed.length >= COMPANY_SEARCH_MIN && (
            <DeviceCustomers missing={device === null} found={device ? found : undefined} onPick={onPick} />
          )
        : name.length >= COMPANY_SEARCH_MIN &&
          results.data && (
            <ul className="picker__results" aria-label={text.results}>
              {results.data.length === 0 && <li>{text.noCompanies}</li>}
              {results.data.map((company) => (
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

/** Customers found on the device (offline); that the device has none yet, when so. */
export function DeviceCustomers({
  missing,
  found,
  onPick,
}: {
  missing: boolean;
  /** Undefined while the device's customers are read. */
  found: readonly { id: number; name: string; razon_social: string | null; branches: { id: number; name: string }[] }[] | undefined;
  onPick: (company: CartCompany) => void;
}) {
  if (missing) return <p role="status">{offlineMoneyMessages.catalogueMissing}</p>;
  if (!found) return null;
  return (
    <ul className="picker__results" aria-label={text.results}>
      {found.length === 0 && <li>{text.noCompanies}</li>}
      {found.map((company) => (
        <li key={company.id}>
          <button
            type="button"
            className="picker__option"
            onClick={() => onPick({ id: company.id, name: company.name, branches: company.branches })}
          >
            {company.name}
            {company.razon_social && <span className="picker__detail">{company.razon_social}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

function ItemSearch({ id, onAdd }: { id: string; onAdd: (item: CartItem) => void }) {
  const [search, setSearch] = useState('');
  const name = useSettled(search.trim());
  const { online } = useSyncStatus();
  const results = useQuery({
    queryKey: ['item-search', name],
    enabled: online && name.length >= 2,
    queryFn: ({ signal }) => apiRequest(itemQuery({ 'filter[name]': name }), { schema: posItemPageSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
  const onDevice = useSearchOnDevice(results.error);
  const typed = search.trim();
  const device = useDeviceItems(onDevice);
  const holds = usePendingHolds(onDevice);
  const found = useMemo(() => (device ? findItems(device, typed) : []), [device, typed]);
  return (
    <div className="picker">
      <Field id={id} label={text.itemSearch}>
        <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      {onDevice
        ? typed.length >= 2 && <DeviceItems missing={device === null} found={device ? found : undefined} holds={holds} onAdd={onAdd} />
        : name.length >= 2 &&
          results.data && (
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

/** Items found on the device (offline), with the stock the device knows; that it has none yet, when so. */
export function DeviceItems({
  missing,
  found,
  holds,
  onAdd,
}: {
  missing: boolean;
  /** Undefined while the device's items are read. */
  found: readonly LocalItem[] | undefined;
  holds: ReadonlyMap<number, number>;
  onAdd: (item: CartItem) => void;
}) {
  if (missing) return <p role="status">{offlineMoneyMessages.catalogueMissing}</p>;
  if (!found) return null;
  return (
    <ul className="picker__results" aria-label={text.results}>
      {found.length === 0 && <li>{text.noItems}</li>}
      {found.map((item) => {
        const stock = stockText(deviceStock(item, holds), item.unit);
        return (
          <li key={item.id}>
            <button type="button" className="picker__option" aria-label={text.add(item.name)} onClick={() => onAdd(cartItemOfDevice(item))}>
              {item.name}
              <span className="picker__detail">
                {formatMoney(item.price)} / {item.unit}
                {stock && (
                  <>
                    <br />
                    {stock}
                  </>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Where the offline searches read from: the device's catalogue, and when it was last brought up to date. */
export function DeviceCatalogueNote() {
  const { online, lastPulledAt } = useSyncStatus();
  // The age as of when the note appeared (or the catalogue was last pulled): a clock ticking in the cart is not worth a render a minute.
  const [now] = useState(() => Date.now());
  if (online || lastPulledAt === null) return null;
  return <p className="picker__detail">{offlineMoneyMessages.catalogueAge(formatAge(lastPulledAt, Math.max(now, lastPulledAt)))}</p>;
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
