import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offlineMoneyMessages } from '../../../domain/messages/offline-money';
import type { CreateSale } from '../../../sync/commands';
import { openSyncDatabase, type LocalItem, type SyncDatabase } from '../../../sync/db';
import { acknowledge, enqueue, reject } from '../../../sync/local';
import { readDeviceSales, type DeviceSale } from '../../sync/counter-reads';
import { DeviceSalesView } from './device-sales';
import { DeviceCustomers, DeviceItems } from './sale-cart';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

let db: SyncDatabase;
beforeEach(() => {
  db = openSyncDatabase('device-sales', { indexedDB: new IDBFactory(), IDBKeyRange });
});
afterEach(() => db.close());

const payload = (provisional: string, warnings: string[] = []): CreateSale => ({
  sale: {
    company_id: 3,
    company_branch_id: null,
    date: '2026-11-24',
    type: 'Serie A',
    note: null,
    internal_note: null,
    purchase_order: null,
    bar: true,
    items: [{ item_id: 5, quantity: 2.5 }],
    offline: { made_at: '2026-11-24T16:05:00.000Z', provisional, device_total: 174 },
  },
  shown: {
    company: 'Hotel Ancira',
    branch: null,
    seller: 'Luis Garza',
    lines: [{ item_id: 5, name: 'Aguacate Hass', unit: 'kg', quantity: 2.5, price: 60, amount: 150 }],
    subtotal: 150,
    iva: 24,
    total: 174,
    warnings,
  },
});

const view = (sales: DeviceSale[]) =>
  renderToStaticMarkup(<DeviceSalesView sales={sales} onRetry={() => {}} onDiscard={() => {}} onPrint={() => {}} />);

describe("'Ventas de este dispositivo'", () => {
  it('shows a sale pending, then sent as a link to its real folio, with both totals when the server charged another', async () => {
    const overdue = offlineMoneyMessages.overdue(500);
    const row = await enqueue(db, 'createSale', payload('V-7F3A-0001', [overdue]), { userId: 4, now: Date.parse('2026-11-24T16:05:00Z') });

    const pending = view(await readDeviceSales(db, 4));
    expect(pending).toContain('<details class="device-sales" open="">');
    expect(visibleText(pending)).toContain('Ventas de este dispositivo 1 venta');
    expect(visibleText(pending)).toContain('V-7F3A-0001 Hotel Ancira Total: $174.00 Pendiente de enviar');
    expect(visibleText(pending)).toContain(`${offlineMoneyMessages.deviceWarnings} ${overdue}`);
    expect(pending).toContain('aria-label="Reimprimir ticket de V-7F3A-0001"');
    expect(pending).not.toContain('/sales/');

    await acknowledge(db, row, {
      id: 4512,
      subtotal: 162.5,
      iva: 26,
      total: 188.5,
      items: [{ item_id: 5, name: 'Aguacate Hass', unit: 'kg', quantity: 2.5, price: 65, amount: 162.5 }],
      offline_warnings: ['El total cambió: el dispositivo mostró $174.00, el servidor cobró $188.50.'],
    });
    const sent = view(await readDeviceSales(db, 4));
    const text = visibleText(sent);
    expect(sent).toContain('href="/sales/4512"');
    expect(text).toContain('V-7F3A-0001 Hotel Ancira Total: $188.50 Venta #4512');
    expect(text).not.toContain('Pendiente de enviar');
    // Never silently: both totals, and what the server said on arrival.
    expect(text).toContain('El servidor cobró $188.50; el dispositivo mostró $174.00.');
    expect(text).toContain(
      `${offlineMoneyMessages.serverWarnings} El total cambió: el dispositivo mostró $174.00, el servidor cobró $188.50.`,
    );
    expect(sent).toContain('aria-label="Reimprimir ticket de Venta #4512"');
  });

  it('shows a refused sale with the server’s reason and Reintentar / Descartar, and a discarded one without its ticket', async () => {
    const refused = await enqueue(db, 'createSale', payload('V-7F3A-0002'), { userId: 4, now: 2 });
    const discarded = await enqueue(db, 'createSale', payload('V-7F3A-0003'), { userId: 4, now: 3 });
    await reject(db, refused, 'La empresa no existe.');
    await db.outbox.delete(discarded.id);
    const html = view(await readDeviceSales(db, 4));
    const text = visibleText(html);
    expect(text).toContain('V-7F3A-0003 Hotel Ancira Total: $174.00 Descartada');
    expect(text).toContain(`V-7F3A-0002 Hotel Ancira Total: $174.00 Rechazada`);
    expect(text).toContain(`La empresa no existe. ${offlineMoneyMessages.refusedHelp} Reimprimir ticket Reintentar Descartar`);
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('Reimprimir ticket de V-7F3A-0003');
  });

  it('is collapsed to its count while the device has made no sale', () => {
    const html = view([]);
    expect(html).toContain('<details class="device-sales">');
    expect(visibleText(html)).toBe(`Ventas de este dispositivo 0 ventas ${offlineMoneyMessages.deviceSalesEmpty}`);
  });
});

describe("the cart's searches on the device", () => {
  const limon: LocalItem = {
    id: 5,
    name: 'Limón persa',
    ean13: null,
    unit: 'caja',
    price: 250,
    weight: 20,
    iva_rate: 0,
    ieps_rate: null,
    is_published: true,
    stock: 12,
    _gen: 1,
  };

  it('show each item with its price and the stock the device knows, less what its unsent sales hold', () => {
    const html = renderToStaticMarkup(<DeviceItems missing={false} found={[limon]} holds={new Map([[5, 2]])} onAdd={() => {}} />);
    expect(visibleText(html)).toBe('Limón persa $250.00 / caja Existencia: 10 cajas');
    expect(html).toContain('aria-label="Agregar Limón persa"');
    const unknown = renderToStaticMarkup(
      <DeviceItems missing={false} found={[{ ...limon, stock: null }]} holds={new Map()} onAdd={() => {}} />,
    );
    expect(visibleText(unknown)).toBe('Limón persa $250.00 / caja');
  });

  it('say the device has no catalogue yet instead of finding nothing', () => {
    const items = renderToStaticMarkup(<DeviceItems missing found={undefined} holds={new Map()} onAdd={() => {}} />);
    const customers = renderToStaticMarkup(<DeviceCustomers missing found={undefined} onPick={() => {}} />);
    for (const html of [items, customers]) {
      expect(visibleText(html)).toBe(offlineMoneyMessages.catalogueMissing);
      expect(html).toContain('role="status"');
    }
    expect(visibleText(renderToStaticMarkup(<DeviceItems missing={false} found={[]} holds={new Map()} onAdd={() => {}} />))).toBe(
      'Ningún producto coincide.',
    );
  });

  it('show customers with their legal name', () => {
    const html = renderToStaticMarkup(
      <DeviceCustomers
        missing={false}
        found={[{ id: 3, name: 'Hotel Ancira', razon_social: 'Hotelera Ancira, S.A. de C.V.', branches: [] }]}
        onPick={() => {}}
      />,
    );
    expect(visibleText(html)).toBe('Hotel Ancira Hotelera Ancira, S.A. de C.V.');
  });
});
