import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../../../domain/deployment';
import { collectionsMessages } from '../../../domain/messages/collections';
import { driverMoneyMessages as text } from '../../../domain/messages/driver-money';
import { routeMoneyMessages } from '../../../domain/messages/route-money';
import { syncMessages } from '../../../domain/messages/sync';
import type { DriverCut } from '../../../domain/schemas/route-money';
import { monterreyDate, monterreyMinute, readableMinute } from '../../../domain/time';
import { openSyncDatabase, writeMeta, type LocalDetail, type LocalShipping, type PaymentMethod, type SyncDatabase } from '../../../sync/db';
import { SyncEngine } from '../../../sync/engine';
import { acknowledge, reject } from '../../../sync/local';
import { detailFixture, shippingFixture } from '../../../sync/test-fixtures';
import { collectBalance, collectedByMethod, orderPaymentMethods, readRouteMoney, stopBalance, type RouteMoney } from '../../sync/driver-money-reads';
import { EMPTY_STATUS, SyncContext, type SyncState } from '../../sync/sync-context';
import { CollectReceiptView, receiptText, shareReceipt, stopReceipt } from './collect-receipt';
import { DriverCutView, type OfficeCut } from './driver-cut';
import { closeDriverCut, collectAtStop } from './route-money-actions';
import { CollectForm, suggestedAmount } from './stop-collect';
import { StopMoney } from './stop-money';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => visibleText(m[1]!));

const METHODS: PaymentMethod[] = [
  { id: 4, name: 'Tarjeta de crédito' },
  { id: 2, name: 'Transferencia' },
  { id: 9, name: 'Cheque' },
  { id: 1, name: 'Efectivo' },
];
const cash = METHODS[3]!;
const transfer = METHODS[1]!;

const DRIVER = { id: 7, job_position: 'Chofer Repartidor' };
const EXECUTIVE = { id: 7, job_position: 'Chofer Ejecutivo' };
/** 14:05 in Monterrey on 22 Nov 2026. */
const AT = new Date('2026-11-22T20:05:00Z');

const route = (changes: Partial<LocalShipping> = {}): LocalShipping => {
  const { shipping_details: _details, ...shipping } = shippingFixture(12, {
    initial_km: 50_000,
    km_capture_time_start: '2026-11-22 08:00',
  });
  return { ...shipping, _gen: 0, ...changes };
};
/** Stop 31 of route 12: sale V-310 of 'Abarrotes La Esperanza', owing $1,500.00. */
const stop = (changes: Partial<LocalDetail['sale']> = {}, id = 31): LocalDetail => {
  const base = detailFixture(id, 12);
  return { ...base, sale: { ...base.sale, ...changes } };
};

let db: SyncDatabase;
let engine: SyncEngine;

beforeEach(async () => {
  db = openSyncDatabase(`route-money-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.shippings.put(route());
  await db.details.bulkPut([stop(), stop({}, 32)]);
  await writeMeta(db, 'paymentMethods', METHODS);
  // Never started: the phone has no signal, everything waits in the outbox.
  engine = new SyncEngine({ db, transport: { baseUrl: '', fetch: globalThis.fetch }, userId: 7, getToken: () => 'token' });
});
afterEach(async () => {
  await engine.stop();
  db.close();
});

const money = () => readRouteMoney(db, 12);
const collect = (amount: string, method: PaymentMethod | null = cash, reference = '', detail = stop()) =>
  collectAtStop(engine, detail, { amount, method, reference }, orderPaymentMethods(METHODS), AT);

const stopMoney = (detail: LocalDetail, routeMoney: RouteMoney | undefined, user = DRIVER, shipping = route()) =>
  renderToStaticMarkup(<StopMoney shipping={shipping} detail={detail} money={routeMoney} user={user} />);

describe("the device's payment methods", () => {
  it('list Efectivo, Transferencia and Cheque first, then the others', () => {
    expect(orderPaymentMethods(METHODS).map((m) => m.name)).toEqual(['Efectivo', 'Transferencia', 'Cheque', 'Tarjeta de crédito']);
  });
});

describe("'Cobrar' at a stop without signal", () => {
  it('queues one collectPayment with the provisional number, and the receipt shows it at once', async () => {
    const taken = await collect('1,500.50');
    expect(taken).toHaveProperty('id');

    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.command).toBe('collectPayment');
    expect(row!.lane).toBe('route:12');
    expect(row!.id).toBe((taken as { id: string }).id);
    const payload = row!.payload as {
      provisional: string;
      amount: number;
      collected_at: string;
      detailId: number;
      paymentMethod: PaymentMethod;
    };
    expect(payload.provisional).toMatch(/^C-[0-9A-F]{4}-0001$/);
    expect(payload).toMatchObject({ amount: 1500.5, collected_at: '2026-11-22 14:05', detailId: 31, paymentMethod: cash });

    const { payments } = await money();
    expect(payments.map((entry) => entry.state)).toEqual(['pending']);
    const receipt = visibleText(
      renderToStaticMarkup(<CollectReceiptView entry={payments[0]!} identity={DEPLOYMENTS.frutas.identity} onClose={() => {}} />),
    );
    expect(receipt).toContain('Frutas del Norte');
    expect(receipt).toContain(text.provisionalReceipt(payload.provisional));
    expect(receipt).toContain(syncMessages.pendingBadge);
    for (const fact of ['Abarrotes La Esperanza', '$1,500.50', 'Efectivo', '22/11/2026 14:05', 'E-12', 'V-310'])
      expect(receipt).toContain(fact);
    expect(
      buttons(renderToStaticMarkup(<CollectReceiptView entry={payments[0]!} identity={DEPLOYMENTS.frutas.identity} onClose={() => {}} />)),
    ).toEqual([text.share, text.print, text.close]);
  });

  it('numbers the next receipt after the last one, and keeps the reference of a transfer', async () => {
    await collect('100');
    await collect('250.25', transfer, ' SPEI 123 ');
    const { payments } = await money();
    expect(payments.map((entry) => entry.payment.provisional.slice(-4))).toEqual(['0001', '0002']);
    expect(payments[1]!.payment.reference).toBe('SPEI 123');
  });

  it('says what is missing in Spanish and queues nothing', async () => {
    expect(await collect('')).toMatchObject({ field: 'amount', error: collectionsMessages.amountRequired });
    expect(await collect('0')).toMatchObject({ field: 'amount', error: collectionsMessages.amountPositive });
    expect(await collect('10.001')).toMatchObject({ field: 'amount', error: collectionsMessages.amountCents });
    expect(await collect('100', null)).toMatchObject({ field: 'method', error: collectionsMessages.paymentMethodRequired });
    expect(await collectAtStop(engine, stop(), { amount: '100', method: cash, reference: '' }, [], AT)).toMatchObject({
      error: text.paymentMethodsMissing,
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('starts from the stop balance less what waits to be sent from here', async () => {
    expect(suggestedAmount(1500)).toBe('1500.00');
    expect(suggestedAmount(0)).toBe('');
    await collect('400');
    expect(stopBalance(stop(), (await money()).payments)).toBe(1100);
  });
});

describe("'Cobrar' after a partial delivery made without signal", () => {
  /** Stop 31 delivered in part on this phone: 2 kg came back, the credit note is the server's to figure. */
  const deliveredInPart = (): LocalDetail => ({
    ...stop(),
    completed: true,
    is_delivered: true,
    partial: true,
    returned: [{ item_id: 501, quantity: 2, reason: 'Dañado' }],
  });
  const collectForm = (balance: number | null) => {
    const sync = {
      db,
      userId: 7,
      engine: null,
      engineReady: Promise.resolve(null),
      status: EMPTY_STATUS,
      statusLoaded: true,
      online: false,
      sending: false,
    } satisfies SyncState;
    return renderToStaticMarkup(
      <SyncContext.Provider value={sync}>
        <CollectForm detail={deliveredInPart()} balance={balance} methods={METHODS} onCancel={() => {}} onCollected={() => {}} />
      </SyncContext.Provider>,
    );
  };

  it('shows the balance as to be confirmed and starts from no amount until the server answered', async () => {
    await collect('400');
    const { payments } = await money();
    expect(collectBalance(deliveredInPart(), payments)).toBeNull();
    const html = collectForm(collectBalance(deliveredInPart(), payments));
    expect(visibleText(html)).toContain(text.stopBalanceUnconfirmed);
    expect(visibleText(html)).not.toContain(text.stopBalance(1100));
    expect(html).toMatch(/<input[^>]*inputMode="decimal"[^>]*value=""/);
    // Whether 'Cobrar' is offered still goes by the balance before it: what came back only lowers it.
    expect(buttons(stopMoney(deliveredInPart(), await money()))).toContain(text.collect);
  });

  it("shows and suggests the balance again once the server's copy replaced the stop", async () => {
    const { payments } = await money();
    const serversCopy = { ...deliveredInPart(), returned: undefined, sale: { ...stop().sale, sale_due_balance: 1200 } };
    expect(collectBalance(serversCopy, payments)).toBe(1200);
    const html = collectForm(collectBalance(serversCopy, payments));
    expect(visibleText(html)).toContain(text.stopBalance(1200));
    expect(html).toMatch(/<input[^>]*inputMode="decimal"[^>]*value="1200.00"/);
  });
});

describe("the stop's money", () => {
  it("shows 'Cobrado aquí' with each payment, pending until it arrived", async () => {
    await collect('1,000');
    await collect('200', transfer, 'SPEI 9');
    const html = visibleText(stopMoney(stop(), await money()));
    expect(html).toContain(text.collected(1200));
    expect(html).toMatch(/C-[0-9A-F]{4}-0001 \$1,000\.00 · Efectivo Pendiente de sincronizar/);
    expect(html).toMatch(/C-[0-9A-F]{4}-0002 \$200\.00 · Transferencia Pendiente de sincronizar/);
    // Nothing was collected at the other stop.
    expect(visibleText(stopMoney(stop({}, 32), await money()))).not.toContain('Cobrado aquí');
  });

  it("shows the server's number once it arrived, and keeps a refused one in the list with its reason", async () => {
    await collect('300');
    await collect('50');
    const [first, second] = await db.outbox.orderBy('seq').toArray();
    await acknowledge(db, first!, { data: { id: 88, details: [{ sale_id: 310, amount: 300 }], unapplied: 0 } });
    await reject(db, second!, routeMoneyMessages.nothingOwed('Abarrotes La Esperanza'));

    const routeMoney = await money();
    expect(routeMoney.payments.map((entry) => entry.state)).toEqual(['arrived', 'refused']);
    const html = visibleText(stopMoney(stop(), routeMoney));
    expect(html).toContain('Cobro #88 $300.00 · Efectivo');
    expect(html).toContain(text.paymentRefused(routeMoneyMessages.nothingOwed('Abarrotes La Esperanza')));
    // The refused one is not counted.
    expect(html).toContain(text.collected(300));

    const receipt = visibleText(
      renderToStaticMarkup(
        <CollectReceiptView entry={routeMoney.payments[0]!} identity={DEPLOYMENTS.frutas.identity} onClose={() => {}} />,
      ),
    );
    expect(receipt).toContain(text.receiptNumber(88));
    expect(receipt).toContain(routeMoney.payments[0]!.payment.provisional);
    expect(receipt).not.toContain(syncMessages.pendingBadge);
  });

  it("offers 'Cobrar' to a Chofer Repartidor only while the stop owes; a Chofer Ejecutivo always", async () => {
    const routeMoney = await money();
    expect(buttons(stopMoney(stop(), routeMoney))).toEqual([text.collect]);
    expect(stopMoney(stop({ sale_due_balance: 0 }), routeMoney)).toBe('');
    expect(buttons(stopMoney(stop({ sale_due_balance: 0 }), routeMoney, EXECUTIVE))).toEqual([text.collect]);
  });

  it('no longer offers it to a Repartidor once what waits to be sent covers the balance', async () => {
    await collect('1500');
    expect(buttons(stopMoney(stop(), await money()))).not.toContain(text.collect);
  });

  it('offers nothing before the route started, on a cancelled sale, on another driver’s route, or after the cut', async () => {
    const routeMoney = await money();
    expect(stopMoney(stop(), routeMoney, EXECUTIVE, route({ initial_km: null }))).toBe('');
    expect(stopMoney(stop({ canceled: true }), routeMoney, EXECUTIVE)).toBe('');
    expect(stopMoney(stop(), routeMoney, { id: 8, job_position: 'Chofer Ejecutivo' })).toBe('');
    await closeDriverCut(engine, 12, [], '', AT);
    expect(stopMoney(stop(), await money(), EXECUTIVE)).toBe('');
  });
});

describe('the receipt', () => {
  it('is shared with the share sheet, or copied where there is none', async () => {
    await collect('75', transfer, 'REF-1');
    const receipt = stopReceipt((await money()).payments[0]!, DEPLOYMENTS.frutas.identity);
    const body = receiptText(receipt);
    expect(body.split('\n').slice(0, 3)).toEqual(['Frutas del Norte', 'Frutas del Norte Distribuidora, S.A. de C.V.', receipt.title]);
    expect(body).toContain('Referencia: REF-1');

    const shared: ShareData[] = [];
    expect(await shareReceipt(receipt, { share: async (data?: ShareData) => void shared.push(data!) })).toBe('shared');
    expect(shared).toEqual([{ title: receipt.title, text: body }]);

    const copied: string[] = [];
    const clipboard = { writeText: async (value: string) => void copied.push(value) } as Clipboard;
    expect(await shareReceipt(receipt, { clipboard })).toBe('copied');
    expect(copied).toEqual([body]);
    expect(await shareReceipt(receipt, {})).toBe('failed');
  });
});

describe("'Corte del chofer'", () => {
  const offline: OfficeCut = { status: 'offline' };
  const cutView = (routeMoney: RouteMoney, office: OfficeCut = offline, onSubmit = async () => null) =>
    renderToStaticMarkup(<DriverCutView money={routeMoney} office={office} onSubmit={onSubmit} />);

  it('shows what this phone collected by method, and the counts prefilled with it', async () => {
    await collect('1,000');
    await collect('500.50');
    await collect('200', transfer, 'SPEI 1', stop({}, 32));
    const routeMoney = await money();
    expect(collectedByMethod(routeMoney.payments, routeMoney.methods)).toEqual([
      { payment_method_id: 1, name: 'Efectivo', amount: 1500.5 },
      { payment_method_id: 2, name: 'Transferencia', amount: 200 },
    ]);
    const html = cutView(routeMoney);
    const shown = visibleText(html);
    expect(shown).toContain(
      `${text.cutOnDevice} ${text.cutMethod} ${text.cutAmount} Efectivo $1,500.50 Transferencia $200.00 ${text.cutTotal} $1,700.50`,
    );
    expect(shown).toContain(text.cutOffline);
    // Counted by method: the collected figures, and Cheque (on the device) at zero.
    const counted = [...html.matchAll(/<label[^>]*>Contado en ([^<]+)<\/label><input[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]);
    expect(counted).toEqual([
      ['Efectivo', '1500.50'],
      ['Transferencia', '200.00'],
      ['Cheque', '0.00'],
    ]);
    expect(buttons(html)).toEqual([text.cutSubmit]);
  });

  it("shows the office's expected and collected figures when there is signal", async () => {
    const cut = { expected: 3200, collected_total: 1000 } as DriverCut;
    const shown = visibleText(cutView(await money(), { status: 'ready', cut }));
    expect(shown).toContain(`${text.cutExpected} $3,200.00 ${text.cutOfficeCollected} $1,000.00`);
    expect(visibleText(cutView(await money(), { status: 'loading' }))).toContain(text.cutLoading);
  });

  it("queues submitDriverCut once, then shows 'Corte cerrado' with the counted figures, pending until it arrives", async () => {
    await collect('1,000');
    const now = new Date();
    const counted = [
      { payment_method_id: 1, name: 'Efectivo', amount: 1000, typed: '980' },
      { payment_method_id: 2, name: 'Transferencia', amount: 0, typed: '0.00' },
    ];
    expect(await closeDriverCut(engine, 12, counted, ' Faltan 20 de cambio ', now)).toBeNull();
    expect(await closeDriverCut(engine, 12, counted, '', now)).toBe(text.cutAlreadyClosed);

    const cuts = (await db.outbox.toArray()).filter((row) => row.command === 'submitDriverCut');
    expect(cuts).toHaveLength(1);
    expect(cuts[0]!.lane).toBe('route:12');
    expect(cuts[0]!.payload).toEqual({
      shippingId: 12,
      counted: [
        { payment_method_id: 1, name: 'Efectivo', amount: 980 },
        { payment_method_id: 2, name: 'Transferencia', amount: 0 },
      ],
      note: 'Faltan 20 de cambio',
      submitted_at: monterreyMinute(now),
    });

    const html = cutView(await money());
    const shown = visibleText(html);
    expect(shown).toContain(text.cutSubmitted(readableMinute(monterreyMinute(now), monterreyDate(now))));
    expect(shown).toContain(`${syncMessages.pendingBadge} ${text.cutCounted}`);
    expect(shown).toContain('Efectivo $980.00');
    expect(shown).toContain('Faltan 20 de cambio');
    // Closed: no form, no second 'Cerrar corte'.
    expect(buttons(html)).toEqual([]);

    await acknowledge(db, cuts[0]!, { data: {} });
    const arrived = visibleText(cutView(await money()));
    expect(arrived).not.toContain(syncMessages.pendingBadge);
    expect(arrived).toContain(text.cutReceived);
  });

  it('refuses counts that are not amounts, and queues nothing', async () => {
    const line = { payment_method_id: 1, name: 'Efectivo', amount: 0 };
    expect(await closeDriverCut(engine, 12, [{ ...line, typed: '' }], '', AT)).toBe(routeMoneyMessages.countedAmountRequired);
    expect(await closeDriverCut(engine, 12, [{ ...line, typed: '1,5' }], '', AT)).toBe(collectionsMessages.amountInvalid);
    expect(await closeDriverCut(engine, 12, [{ ...line, typed: '3.333' }], '', AT)).toBe(routeMoneyMessages.countedCents);
    expect(await db.outbox.count()).toBe(0);
  });
});
