import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CollectionListRow } from '../../../domain/schemas/collections';
import { CollectionCard, collectionColumns, receivedBy } from './collection-rows';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const row: CollectionListRow = {
  id: 87,
  company_id: 4,
  company_name: 'Restaurante La Nogalera',
  user_id: 4,
  user_name: 'Miguel Hernández',
  date: '2026-11-24',
  amount: 400,
  unapplied: 0,
  payment_method_id: 1,
  payment_method: 'Efectivo',
  reference: null,
  note: null,
  created_at: '2026-11-25T00:40:00.000Z',
  canceled_at: null,
  cancel_reason: null,
  canceled_by_name: null,
  shipping_id: 12,
};

describe('a payment in /collections and /receipts', () => {
  it("says a driver's payment was collected on the route, and by whom", () => {
    expect(receivedBy(row)).toBe('Cobrado en ruta #12 por Miguel Hernández');
    const user = collectionColumns(false).find((column) => column.key === 'user')!;
    expect(user.cell(row)).toBe('Cobrado en ruta #12 por Miguel Hernández');
    expect(visibleText(renderToStaticMarkup(<CollectionCard row={row} onMenu={() => undefined} />))).toContain(
      'Cobrado en ruta #12 por Miguel Hernández',
    );
  });

  it('names only who took one at the office', () => {
    const office = { ...row, user_name: 'Jorge Treviño Leal', shipping_id: null };
    expect(receivedBy(office)).toBe('Jorge Treviño Leal');
    expect(receivedBy({ user_name: 'Jorge Treviño Leal' })).toBe('Jorge Treviño Leal');
    expect(visibleText(renderToStaticMarkup(<CollectionCard row={office} onMenu={() => undefined} />))).not.toContain('ruta');
  });
});
