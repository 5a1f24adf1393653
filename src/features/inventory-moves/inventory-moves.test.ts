import { describe, expect, it } from 'vitest';
import {
  manualAdjustmentInputSchema,
  mermaInputSchema,
  transferInputSchema,
  type MovementRow,
} from '../../../domain/schemas/inventory-moves';
import { adjustmentBody } from './adjustment-form';
import { mermaBody } from './merma-form';
import {
  itemCardFilters,
  itemCardHref,
  moveListQuery,
  parseStoredMoveFilters,
  parseStoredReportFilters,
  reportQuery,
  reportFallback,
  typedQuantity,
} from './movement-filters';
import { movementExportRows, signedAmount } from './movement-rows';
import { transferBody } from './transfer-form';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]);

describe('quantities as people type them', () => {
  it('read points as decimals and commas only as thousands', () => {
    expect(typedQuantity('2.5')).toBe(2.5);
    expect(typedQuantity(' -1,250.75 ')).toBe(-1250.75);
    expect(typedQuantity('')).toBeUndefined();
    expect(typedQuantity('1,5')).toBeNaN();
    expect(typedQuantity('cinco')).toBeNaN();
    expect(typedQuantity('-')).toBeNaN();
  });
});

describe('the forms check with the server’s schemas and their Spanish messages', () => {
  it('an adjustment needs an item, a quantity other than zero and a reason', () => {
    expect(
      issues(manualAdjustmentInputSchema.safeParse(adjustmentBody({ item_id: '', branch_id: '', quantity: '0', reason: ' ' }))),
    ).toEqual([
      ['item_id', 'Elige el producto.'],
      ['quantity', 'La cantidad no puede ser cero.'],
      ['reason', 'Escribe el motivo.'],
    ]);
    const ok = manualAdjustmentInputSchema.safeParse(
      adjustmentBody({ item_id: '4', branch_id: '', quantity: '-2.5', reason: ' Conteo físico ' }),
    );
    expect(ok.success && ok.data).toEqual({ item_id: 4, branch_id: null, quantity: -2.5, reason: 'Conteo físico' });
  });

  it('a waste needs a positive quantity, a reason of the list, and words for Otro', () => {
    expect(
      issues(mermaInputSchema.safeParse(mermaBody({ item_id: '3', branch_id: '2', quantity: '1,5', reason: '', other_reason: '' }))),
    ).toEqual([
      ['quantity', 'Escribe la cantidad con números, por ejemplo 5 o 2.5.'],
      ['reason', 'Elige el motivo de la merma.'],
    ]);
    expect(
      issues(mermaInputSchema.safeParse(mermaBody({ item_id: '3', branch_id: '2', quantity: '2', reason: 'Otro', other_reason: '' }))),
    ).toEqual([['other_reason', 'Describe el motivo de la merma.']]);
    const ok = mermaInputSchema.safeParse(
      mermaBody({ item_id: '3', branch_id: '2', quantity: '2.25', reason: 'Caducidad', other_reason: 'ignorado' }),
    );
    expect(ok.success && ok.data).toEqual({ item_id: 3, branch_id: 2, quantity: 2.25, reason: 'Caducidad', other_reason: null });
  });

  it('a transfer needs two different branches and its products once each, blank lines left out', () => {
    const draft = { from_branch_id: '1', to_branch_id: '1', note: '', lines: [{ item_id: '', quantity: '' }] };
    expect(issues(transferInputSchema.safeParse(transferBody(draft)))).toEqual([
      ['items', 'Agrega al menos un producto.'],
      ['to_branch_id', 'El origen y el destino deben ser sucursales distintas.'],
    ]);
    const same = transferBody({ ...draft, lines: [{ item_id: '5', quantity: '2' }] });
    expect(issues(transferInputSchema.safeParse(same))).toEqual([
      ['to_branch_id', 'El origen y el destino deben ser sucursales distintas.'],
    ]);
    const twice = transferBody({
      ...draft,
      to_branch_id: '2',
      lines: [
        { item_id: '5', quantity: '2' },
        { item_id: '5', quantity: '1' },
        { item_id: '', quantity: '' },
      ],
    });
    expect(issues(transferInputSchema.safeParse(twice))).toEqual([['items', 'Cada producto va una sola vez en el traspaso.']]);
    const ok = transferInputSchema.safeParse(
      transferBody({ ...draft, to_branch_id: '2', note: ' Fin de semana ', lines: [{ item_id: '5', quantity: '2.5' }] }),
    );
    expect(ok.success && ok.data).toEqual({
      from_branch_id: 1,
      to_branch_id: 2,
      note: 'Fin de semana',
      items: [{ item_id: 5, quantity: 2.5 }],
    });
  });
});

describe('the inventory filters', () => {
  it('send the dates, branch and item, and read back only what is well formed', () => {
    expect(
      decodeURIComponent(
        moveListQuery(
          { date: ['2031-03-31', '2031-03-01'], branchId: 2, itemId: 7 },
          { sort: { column: 'created_at', descending: true }, page: 1, itemsPerPage: 15 },
        ),
      ),
    ).toBe('filter[date_between]=2031-03-01,2031-03-31&filter[branch_id]=2&filter[item_id]=7&sort=-created_at&page=1&itemsPerPage=15');
    expect(parseStoredMoveFilters('{"date":"ayer","branchId":-2,"itemId":3}')).toEqual({ date: null, branchId: null, itemId: 3 });
    expect(parseStoredMoveFilters('no es json')).toBeNull();
  });

  it('ask the report by card or detail over this month unless another period is kept', () => {
    const now = new Date('2026-04-01T03:30:00Z');
    expect(reportFallback(now)).toMatchObject({ date: ['2026-03-01', '2026-03-31'], view: 'card' });
    const detail = { ...reportFallback(now), view: 'detail' as const, source: 'merma', type: 'Ajuste Manual' };
    expect(decodeURIComponent(reportQuery(detail, { sort: null, page: 2, itemsPerPage: 30 }))).toBe(
      'filter[date_between]=2026-03-01,2026-03-31&filter[type]=Ajuste+Manual&filter[source]=merma&type=detail&page=2&itemsPerPage=30',
    );
    // Type and source narrow only the detail.
    expect(decodeURIComponent(reportQuery({ ...detail, view: 'card' }, { sort: null, page: 1, itemsPerPage: 15 }))).toBe(
      'filter[date_between]=2026-03-01,2026-03-31&type=card&page=1&itemsPerPage=15',
    );
    expect(parseStoredReportFilters('{"view":"detail"}', now)).toMatchObject({ view: 'detail', date: ['2026-03-01', '2026-03-31'] });
  });

  it('open an item’s card on the report’s period and branch, and read them back from its address', () => {
    const href = itemCardHref(9, { date: ['2026-03-31', '2026-03-01'], branchId: 2 });
    expect(href).toBe('/inventory-reports/9?from=2026-03-01&to=2026-03-31&branch=2');
    expect(itemCardFilters(href.split('?')[1]!, new Date())).toEqual({ date: ['2026-03-01', '2026-03-31'], branchId: 2 });
    expect(itemCardFilters('from=ayer', new Date('2026-04-01T03:30:00Z'))).toEqual({ date: ['2026-03-01', '2026-03-31'], branchId: null });
  });
});

describe('the movement rows', () => {
  it('show the quantity with its sign and export it as a number', () => {
    expect(signedAmount(4.25, 'kg')).toBe('+4.25 kg');
    expect(signedAmount(-2, 'caja')).toBe('-2 cajas');
    const row: MovementRow = {
      id: 1,
      created_at: '2031-03-10T15:00:00.000Z',
      item_id: 2,
      item_name: 'Tomate saladette',
      unit: 'kg',
      branch_id: 1,
      branch_name: 'Bodega Centro',
      type: 'Ajuste Manual',
      source: 'merma',
      quantity: -3,
      signed_quantity: -3,
      reason: 'Caducidad',
      user_name: 'Ana López',
      transfer_id: null,
    };
    const [exported] = movementExportRows([row], true);
    expect(Object.keys(exported!)).toEqual(['Fecha', 'Producto', 'Tipo', 'Origen', 'Sucursal', 'Cantidad', 'Unidad', 'Motivo', 'Registró']);
    expect(exported).toMatchObject({ Origen: 'Merma', Cantidad: -3, Motivo: 'Caducidad' });
  });
});
