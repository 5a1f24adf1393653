import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { driverMessages } from '../../../domain/messages/driver';
import { driverDeliveryMessages as text } from '../../../domain/messages/driver-delivery';
import type { ShippingDetail } from '../../../domain/schemas/shipping';
import { openSyncDatabase, type LocalDetail, type SyncDatabase } from '../../../sync/db';
import { SyncEngine } from '../../../sync/engine';
import { detailFixture, shippingFixture } from '../../../sync/test-fixtures';
import { EMPTY_STATUS, SyncContext, type SyncState } from '../../sync/sync-context';
import { deliverAtStop, type DeliveryInput } from './delivery-actions';
import { partialLines, receiverOf, returnedAtStop, returnedOf, type PartialLine } from './delivery-evidence';
import { Stops, trackingNoteText } from './route-deliveries';
import { inkBounds, initialScale, withMargin } from './signature-image';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => visibleText(m[1]!));

/** 14:05 in Monterrey on 22 Nov 2026. */
const AT = new Date('2026-11-22T20:05:00Z');
/** A small PNG as the pad gives it (its content does not matter here). */
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Stop 31 of route 12: 12 kg of avocado and 5 boxes of lime, both with their product's id. */
const SALE_ITEMS = [
  { quantity: 12, item_id: 501, unit: 'kg', item: { name: 'Aguacate Hass' } },
  { quantity: 5, item_id: 502, unit: 'caja', item: { name: 'Limón persa' } },
];
const stop = (changes: Partial<ShippingDetail> = {}, id = 31): LocalDetail => {
  const base = detailFixture(id, 12, changes);
  return { ...base, sale: { ...base.sale, sale_items: changes.sale?.sale_items ?? SALE_ITEMS } } as LocalDetail;
};
const LINES: PartialLine[] = [
  { item_id: 501, name: 'Aguacate Hass', unit: 'kg', ordered: 12 },
  { item_id: 502, name: 'Limón persa', unit: 'caja', ordered: 5 },
];
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'entrega.jpg', { type: 'image/jpeg' });

describe("'Entrega parcial': what came back", () => {
  it('is ordered − accepted of each line with less accepted, with its reason; whole lines are left out', () => {
    expect(
      returnedOf(LINES, [
        { accepted: '9.5', reason: 'Dañado' },
        { accepted: '5', reason: '' },
      ]),
    ).toEqual({ returned: [{ item_id: 501, quantity: 2.5, reason: 'Dañado' }] });
    expect(
      returnedOf(LINES, [
        { accepted: '12', reason: '' },
        { accepted: '0', reason: 'No lo pidió' },
      ]),
    ).toEqual({ returned: [{ item_id: 502, quantity: 5, reason: 'No lo pidió' }] });
  });

  it('refuses nothing returned (that is Entregar) and everything returned (that is Rechazar)', () => {
    expect(
      returnedOf(LINES, [
        { accepted: '12', reason: '' },
        { accepted: '5', reason: '' },
      ]),
    ).toEqual({ refusal: 'Para una entrega parcial, indica qué regresó.' });
    expect(
      returnedOf(LINES, [
        { accepted: '0', reason: 'Dañado' },
        { accepted: '0', reason: '' },
      ]),
    ).toEqual({ refusal: 'Si no aceptó nada, usa Rechazar.' });
  });

  it('refuses a line without its reason, or accepted out of 0..ordered', () => {
    expect(
      returnedOf(LINES, [
        { accepted: '10', reason: '' },
        { accepted: '5', reason: '' },
      ]),
    ).toEqual({ refusal: text.reasonRequired('Aguacate Hass') });
    for (const accepted of ['13', '-1', 'dos', ''])
      expect(
        returnedOf(LINES, [
          { accepted, reason: 'Dañado' },
          { accepted: '5', reason: '' },
        ]),
      ).toEqual({ refusal: text.acceptedInvalid('Aguacate Hass', 12) });
  });

  it('is not offered for a stop a device stored before its lines had their product', () => {
    expect(partialLines(stop())).toEqual(LINES);
    expect(partialLines(stop({ sale: { ...detailFixture(31, 12).sale } }))).toBeNull();
  });

  it('lists a product the sale holds on two lines once, with both quantities: the server takes one returned line per product', () => {
    const twice = stop({ sale: { ...detailFixture(31, 12).sale, sale_items: [...SALE_ITEMS, { quantity: 3.25, item_id: 501, unit: 'kg', item: { name: 'Aguacate Hass' } }] } });
    const lines = partialLines(twice)!;
    expect(lines).toEqual([{ ...LINES[0], ordered: 15.25 }, LINES[1]]);
    expect(
      returnedOf(lines, [
        { accepted: '10', reason: 'Dañado' },
        { accepted: '5', reason: '' },
      ]),
    ).toEqual({ returned: [{ item_id: 501, quantity: 5.25, reason: 'Dañado' }] });
  });

  it('is not offered for a cancelled sale (the server refuses it)', () => {
    expect(partialLines(stop({ sale: { ...detailFixture(31, 12).sale, sale_items: SALE_ITEMS, canceled: true } }))).toBeNull();
  });
});

describe('who received and the signature', () => {
  it('are optional; a drawn signature needs the name; the name is at most 120 characters', () => {
    expect(receiverOf('  ', false)).toEqual({ received_by: null });
    expect(receiverOf(' Rosa Garza ', true)).toEqual({ received_by: 'Rosa Garza' });
    expect(receiverOf('', true)).toEqual({ refusal: text.receivedByRequired });
    expect(receiverOf('x'.repeat(121), false)).toEqual({ refusal: text.receivedByTooLong });
  });

  it('keeps only the ink of the pad, with a margin, and never enlarges it', () => {
    const width = 100;
    const height = 50;
    const rgba = new Uint8ClampedArray(width * height * 4);
    expect(inkBounds(rgba, width, height)).toBeNull();
    for (const [x, y] of [
      [20, 10],
      [70, 30],
    ] as const)
      rgba[(y * width + x) * 4 + 3] = 255;
    const ink = inkBounds(rgba, width, height)!;
    expect(ink).toEqual({ x: 20, y: 10, width: 51, height: 21 });
    expect(withMargin(ink, width, height)).toEqual({ x: 12, y: 2, width: 67, height: 37 });
    expect(initialScale({ width: 67, height: 37 })).toBe(1);
    expect(initialScale({ width: 1200, height: 300 })).toBe(0.5);
  });
});

describe('delivering at a stop without signal', () => {
  let db: SyncDatabase;
  let engine: SyncEngine;
  beforeEach(async () => {
    db = openSyncDatabase(`delivery-evidence-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const { shipping_details: _details, ...route } = shippingFixture(12, { initial_km: 50_000, km_capture_time_start: '2026-11-22 08:00' });
    await db.shippings.put({ ...route, _gen: 0 });
    await db.details.put(stop());
    // Never started: the phone has no signal, everything waits in the outbox.
    engine = new SyncEngine({ db, transport: { baseUrl: '', fetch: globalThis.fetch }, userId: 7, getToken: () => 'token' });
  });
  afterEach(async () => {
    await engine.stop();
    db.close();
  });

  const deliver = (input: Partial<DeliveryInput>) =>
    deliverAtStop(engine, stop(), { file: photo(), receivedBy: '', signature: null, position: null, ...input }, AT);

  it('queues one completeDelivery with the receiver, the signature and the evidence', async () => {
    expect(await deliver({ receivedBy: ' Rosa Garza ', signature: SIGNATURE })).toBeNull();
    const rows = await db.outbox.toArray();
    expect(rows.map((row) => row.command)).toEqual(['completeDelivery']);
    const payload = rows[0]!.payload as Record<string, unknown>;
    expect(payload).toMatchObject({ detailId: 31, shippingId: 12, delivered_at: '2026-11-22 14:05', received_by: 'Rosa Garza', signature: SIGNATURE });
    expect(payload.returned).toBeUndefined();
    expect(await db.evidence.get(payload.evidenceId as string)).toBeDefined();
  });

  it('delivers without a signature or a name (the photo stays the evidence)', async () => {
    expect(await deliver({})).toBeNull();
    expect((await db.outbox.toArray())[0]!.payload).toMatchObject({ received_by: null, signature: null });
  });

  it('refuses a signature without the name of who signed, and queues nothing', async () => {
    expect(await deliver({ signature: SIGNATURE })).toBe(text.receivedByRequired);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.evidence.count()).toBe(0);
  });

  it('queues a partial delivery with what came back, and the stop shows it at once', async () => {
    const partial = {
      lines: LINES,
      answers: [
        { accepted: '10', reason: 'Dañado' as const },
        { accepted: '5', reason: '' as const },
      ],
    };
    expect(await deliver({ receivedBy: 'Rosa Garza', signature: SIGNATURE, partial })).toBeNull();
    const [row] = await db.outbox.toArray();
    expect(row!.payload).toMatchObject({ returned: [{ item_id: 501, quantity: 2, reason: 'Dañado' }], signature: SIGNATURE });

    const stored = (await db.details.get(31))!;
    expect(returnedAtStop(stored)).toEqual([{ item_id: 501, quantity: 2, reason: 'Dañado', name: 'Aguacate Hass', unit: 'kg' }]);
    const html = visibleText(renderStops([stored]));
    expect(html).toContain(text.partial);
    expect(html).toContain('Aguacate Hass: 2 kg · Dañado');
    expect(html).toContain('Recibió: Rosa Garza');
  });

  it('refuses a partial delivery where nothing or everything came back, and queues nothing', async () => {
    const same = { lines: LINES, answers: LINES.map((line) => ({ accepted: String(line.ordered), reason: '' as const })) };
    expect(await deliver({ partial: same })).toBe(text.nothingReturned);
    const none = { lines: LINES, answers: LINES.map(() => ({ accepted: '0', reason: 'Equivocado' as const })) };
    expect(await deliver({ partial: none })).toBe(text.allReturned);
    expect(await db.outbox.count()).toBe(0);
  });
});

/** The route's stops as the driver's screen draws them. */
function renderStops(details: LocalDetail[]) {
  const sync = {
    db: {} as SyncDatabase,
    userId: 7,
    engine: null,
    engineReady: Promise.resolve(null),
    status: EMPTY_STATUS,
    statusLoaded: true,
    online: false,
    sending: false,
  } satisfies SyncState;
  const { shipping_details: _details, ...route } = shippingFixture(12, { initial_km: 50_000 });
  return renderToStaticMarkup(
    <SyncContext.Provider value={sync}>
      <Stops
        shipping={{ ...route, _gen: 0 }}
        details={details}
        money={undefined}
        user={{ id: 7, job_position: 'Chofer Repartidor' }}
        pickUp={false}
        onDone={() => {}}
      />
    </SyncContext.Provider>,
  );
}

describe("the started route's position note", () => {
  it('says whether positions are recorded, not allowed, or impossible on this phone; nothing before the tracker knows', () => {
    expect(trackingNoteText(null)).toBeNull();
    expect(trackingNoteText('waiting')).toBeNull();
    expect(trackingNoteText('active')).toBe('Ubicación activa');
    expect(trackingNoteText('denied')).toBe('Sin permiso de ubicación');
    expect(trackingNoteText('unavailable')).toBe('Ubicación no disponible en este teléfono.');
  });
});

describe("the driver's stops", () => {
  const titles = (html: string) => [...html.matchAll(/<h3[^>]*>(.*?)<\/h3>/g)].map((m) => visibleText(m[1]!).split(' · ')[0]);

  it("follow the route's order: ordered stops first, unordered after them by id", () => {
    const details = [stop({ stop_order: null }, 31), stop({ stop_order: 2 }, 32), stop({ stop_order: 1 }, 33), stop({ stop_order: null }, 30)];
    expect(titles(renderStops(details))).toEqual(['V-330', 'V-320', 'V-300', 'V-310']);
  });

  it("offer 'Entrega parcial' beside Entregar and Rechazar only when the lines carry their product", () => {
    expect(buttons(renderStops([stop()]))).toEqual(expect.arrayContaining([driverMessages.deliver, text.partial, driverMessages.reject]));
    expect(buttons(renderStops([stop({ sale: { ...detailFixture(31, 12).sale } })]))).not.toContain(text.partial);
    expect(buttons(renderStops([stop({ sale: { ...detailFixture(31, 12).sale, sale_items: SALE_ITEMS, canceled: true } })]))).not.toContain(text.partial);
  });
});
