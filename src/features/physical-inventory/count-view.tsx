import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatMoment, formatQuantityOf } from '../../../domain/format';
import { listMessages } from '../../../domain/messages/office-list';
import { physicalInventoryMessages } from '../../../domain/messages/physical-inventory';
import { countedQuantitySchema, shelfSchema } from '../../../domain/schemas/physical-inventory';
import type { LocalItem, LocalPhysicalInventory } from '../../../sync/db';
import { useConfirmSheet } from '../../ui/overlays';
import { ScreenLoading } from '../../ui/screen-loading';
import { useShell } from '../../ui/shell-context';
import { PendingBadge } from '../../ui/sync/pending-badge';
import { RefusedChanges } from '../../ui/sync/refused-changes';
import { itemOfEan, useBranchCount, useItemSearch } from '../../sync/physical-inventory-reads';
import { useCommand, useSyncDatabase, useSyncEngine, useSyncStatus } from '../../sync/sync-context';
import { useOpenCount } from './queries';
import { Field } from '../../ui/form-fields';

const text = physicalInventoryMessages;
// The shared scanner of the counter (EAN only): loaded only when the camera is asked for.
const ScannerDialog = lazy(() => import('../../ui/scanner-dialog'));

/** What is being counted: an item of the device's catalogue, and the quantity already on this shelf. */
interface Chosen {
  item_id: number;
  name: string;
  unit: string;
}

const shelfKey = (inventoryId: number) => `frutas-physical-shelf-${inventoryId}`;

/**
 * The warehouse tablet's count: the branch's open count from the device store,
 * a shelf ('Anaquel'), items by scanning their EAN or by name, the quantity counted; each
 * count is a sync command (a SET of shelf and item), so the network may be gone. The lines
 * of the shelf show at once, with 'Pendiente de sincronizar' until the server has them.
 */
export function CountView() {
  const { user } = useShell();
  const inventory = useBranchCount(user.branch?.id ?? null);
  return (
    <>
      {/* A count the server refused (the office closed it meanwhile, say) stays in sight with its reason. */}
      <RefusedChanges lane={isCountLane} />
      {inventory === undefined ? (
        <div className="centered" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{text.loading}</span>
        </div>
      ) : inventory === null ? (
        <NoOpenCount />
      ) : (
        <Counting key={inventory.id} inventory={inventory} />
      )}
    </>
  );
}

const isCountLane = (lane: string) => lane.startsWith('physical:');

/** No count on the device: open one (online), then wait for the device to have it. */
function NoOpenCount() {
  const engine = useSyncEngine();
  const sync = useSyncStatus();
  const openCount = useOpenCount();
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const run = () => {
    setError(null);
    openCount.mutate(undefined, {
      onSuccess: () => {
        setWaiting(true);
        engine?.wake();
      },
      onError: (failure) => {
        setError(failure.message);
        // Open already on the server (opened by the office): the next pull brings it.
        engine?.wake();
      },
    });
  };
  return (
    <section className="physical-count__empty">
      {waiting ? (
        <div className="centered" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{text.waitingDevice}</span>
        </div>
      ) : (
        <p className="empty-state">{text.noOpen}</p>
      )}
      <button
        type="button"
        className="touch-button touch-button--primary"
        disabled={!sync.online || openCount.isPending || waiting}
        onClick={run}
      >
        {openCount.isPending ? text.opening : text.open}
      </button>
      {!sync.online && <p className="field-hint">{text.openNeedsNetwork}</p>}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}

function Counting({ inventory }: { inventory: LocalPhysicalInventory }) {
  const db = useSyncDatabase();
  const command = useCommand();
  const [shelf, setShelf] = useState(() => localStorage.getItem(shelfKey(inventory.id)) ?? '');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const matches = useItemSearch(search);
  const shelfId = useId();
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const open = inventory.status === 'Abierto';
  const shelfCheck = shelfSchema.safeParse(shelf);
  const shelfName = shelfCheck.success ? shelfCheck.data : null;
  const shelves = [...new Set(inventory.lines.map((line) => line.shelf))];
  const lines = inventory.lines.filter((line) => line.shelf === shelfName);

  useEffect(() => {
    localStorage.setItem(shelfKey(inventory.id), shelf);
  }, [inventory.id, shelf]);

  const choose = (item: Pick<LocalItem, 'id' | 'name' | 'unit'>) => {
    setError(null);
    setNotice(null);
    setChosen({ item_id: item.id, name: item.name, unit: item.unit });
    setSearch('');
  };
  const scanned = async (code: string) => {
    const item = await itemOfEan(db, code);
    if (item) choose(item);
    else setError(text.eanUnknown(code));
  };
  const remove = async (line: LocalPhysicalInventory['lines'][number]) => {
    const refusal = await command('removeShelfCount', { inventoryId: inventory.id, shelf: line.shelf, item_id: line.item_id });
    setError(refusal);
    if (!refusal) setNotice(text.removed(line.item_name));
  };
  const close = async () => {
    const refusal = await command('closePhysicalInventory', { inventoryId: inventory.id, closed_at: new Date().toISOString() });
    setError(refusal);
    if (!refusal) setNotice(text.closed);
  };
  const confirmClose = useConfirmSheet<true>(
    () => ({ header: text.confirmClose, confirm: text.accept, onConfirm: () => void close() }),
    text.cancel,
  );

  return (
    <section className="physical-count" aria-labelledby={`${shelfId}-title`}>
      <h2 id={`${shelfId}-title`} className="section-heading">
        {text.folio(inventory.id)} · {text.statuses[inventory.status]}
      </h2>
      <p className="physical-count__facts">
        <span>
          {text.branch}: {inventory.branch_name}
        </span>
        <span>
          {text.openedAt} {formatMoment(inventory.created_at)}
        </span>
        <span>{text.linesCount(inventory.line_count)}</span>
        <PendingBadge records={`physical:${inventory.id}`} />
      </p>
      {notice && (
        <p role="status" className="physical-count__notice">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {open && (
        <>
          <div className="field">
            <label htmlFor={shelfId}>{text.shelf}</label>
            <input
              id={shelfId}
              value={shelf}
              maxLength={40}
              autoComplete="off"
              aria-describedby={`${shelfId}-hint`}
              onChange={(event) => setShelf(event.target.value)}
            />
            <p id={`${shelfId}-hint`} className="field-hint">
              {text.shelfHint}
            </p>
          </div>
          {shelves.length > 0 && (
            <div className="quick-filters" role="group" aria-label={text.shelf}>
              {shelves.map((name) => (
                <button key={name} type="button" className="quick-filter" aria-pressed={name === shelfName} onClick={() => setShelf(name)}>
                  {name}
                </button>
              ))}
            </div>
          )}
          {shelfName && !chosen && (
            <div className="physical-count__pick">
              <button type="button" className="touch-button touch-button--primary" onClick={() => setScanning(true)}>
                {text.scan}
              </button>
              <Field id={searchId} label={text.searchItem}>
                <input
                  id={searchId}
                  ref={searchRef}
                  type="search"
                  autoComplete="off"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </Field>
              {search.trim() !== '' &&
                (matches.length === 0 ? (
                  <p className="empty-state">{text.noItemMatches}</p>
                ) : (
                  <ul className="physical-count__matches" aria-label={text.searchItem}>
                    {matches.map((item) => (
                      <li key={item.id}>
                        <button
                          type="button"
                          className="outline-button"
                          aria-label={text.chooseItem(`${item.name} ${item.unit}`)}
                          onClick={() => choose(item)}
                        >
                          {item.name} <span className="physical-count__unit">{item.unit}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                ))}
            </div>
          )}
          {shelfName && chosen && (
            <QuantityForm
              key={chosen.item_id}
              inventoryId={inventory.id}
              shelf={shelfName}
              chosen={chosen}
              current={lines.find((line) => line.item_id === chosen.item_id)?.quantity ?? null}
              onCancel={() => setChosen(null)}
              onSaved={(message) => {
                setChosen(null);
                setError(null);
                setNotice(message);
                requestAnimationFrame(() => searchRef.current?.focus());
              }}
              onRefused={setError}
            />
          )}
        </>
      )}
      {shelfName && (
        <>
          <h3 className="section-heading">{text.shelfLines(shelfName)}</h3>
          {lines.length === 0 ? (
            <p className="empty-state">{text.noLines}</p>
          ) : (
            <table className="stock-table physical-count__lines">
              <thead>
                <tr>
                  <th scope="col">{text.item}</th>
                  <th scope="col" className="numeric">
                    {text.quantity}
                  </th>
                  <th scope="col">{text.countedAt}</th>
                  {open && (
                    <th scope="col">
                      <span className="visually-hidden">{listMessages.actions}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={`${line.shelf}|${line.item_id}`}>
                    <th scope="row">{line.item_name}</th>
                    <td className="numeric">{formatQuantityOf(line.quantity, line.unit)}</td>
                    <td>{formatMoment(line.counted_at)}</td>
                    {open && (
                      <td className="physical-count__actions">
                        <button
                          type="button"
                          className="outline-button"
                          aria-label={text.edit(line.item_name)}
                          onClick={() => choose({ id: line.item_id, name: line.item_name, unit: line.unit })}
                        >
                          {text.editShort}
                        </button>
                        <button
                          type="button"
                          className="outline-button"
                          aria-label={text.remove(line.item_name)}
                          onClick={() => void remove(line)}
                        >
                          {text.removeShort}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {open && (
        <div className="progress-buttons">
          <button type="button" className="touch-button touch-button--danger" onClick={() => confirmClose.ask(true)}>
            {text.close}
          </button>
        </div>
      )}
      {confirmClose.sheet}
      {scanning && (
        <Suspense fallback={<ScreenLoading />}>
          <ScannerDialog onCode={(code) => void scanned(code)} onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** The quantity of the chosen item on this shelf: a SET, so entering it again replaces it. */
function QuantityForm({
  inventoryId,
  shelf,
  chosen,
  current,
  onCancel,
  onSaved,
  onRefused,
}: {
  inventoryId: number;
  shelf: string;
  chosen: Chosen;
  current: number | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
  onRefused: (message: string) => void;
}) {
  const command = useCommand();
  const [value, setValue] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // es-MX writes the decimal with a point; a comma is not read as one.
    const number = value.trim() === '' || value.includes(',') ? Number.NaN : Number(value.trim());
    const checked = countedQuantitySchema.safeParse(number);
    if (!checked.success) {
      setError(text.quantityInvalid);
      return;
    }
    setSaving(true);
    const refusal = await command('countShelfItem', {
      inventoryId,
      shelf,
      item_id: chosen.item_id,
      item_name: chosen.name,
      unit: chosen.unit,
      quantity: checked.data,
      counted_at: new Date().toISOString(),
    });
    setSaving(false);
    if (refusal) onRefused(refusal);
    else onSaved(text.saved(chosen.name, `${formatQuantityOf(checked.data, chosen.unit)}`));
  };
  return (
    <form className="physical-count__form" onSubmit={(event) => void submit(event)} aria-label={text.chooseItem(chosen.name)}>
      <p className="physical-count__chosen">
        <strong>{chosen.name}</strong> · {shelf}
      </p>
      <div className="field">
        <label htmlFor={inputId}>
          {text.quantity} ({chosen.unit})
        </label>
        <input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          // The person came to type this number: the keyboard opens at once.
          autoFocus
          value={value}
          aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={`${inputId}-hint`} className="field-hint">
          {text.quantityHint}
        </p>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="progress-buttons">
        <button type="button" className="touch-button" onClick={onCancel}>
          {text.cancel}
        </button>
        <button type="submit" className="touch-button touch-button--primary" disabled={saving}>
          {text.save}
        </button>
      </div>
    </form>
  );
}
