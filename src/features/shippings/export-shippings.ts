import { shippingsMessages } from '../../../domain/messages/shippings';
import type { ShippingSummary } from '../../../domain/schemas/shipping';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { PageSheet } from '../../ui/office-list/page-export';

const columns = shippingsMessages.columns;
const person = (p: { name: string; last: string } | null) => (p ? `${p.name} ${p.last}` : '');

/** The visible columns of the current page, with real values: dates as dates, numbers as numbers. */
export function exportRows(shippings: readonly ShippingSummary[]): Record<string, SheetCell>[] {
  return shippings.map((s) => ({
    [columns.folio]: s.id,
    [columns.driver]: person(s.driver),
    [columns.date]: calendarDate(s.date),
    [columns.vehicle]: s.vehicle?.name ?? '',
    [columns.weight]: s.weight,
    [columns.initialKm]: s.initial_km,
    [columns.finalKm]: s.final_km,
    [columns.note]: s.note ?? '',
    [columns.route]: s.route,
    [columns.createdAt]: new Date(s.created_at),
    [columns.updatedAt]: new Date(s.updated_at),
  }));
}

/** 'Lista de Envíos.xlsx' (spec §2); Creación and Edición keep their time of day. */
export const SHIPPING_SHEET: PageSheet<ShippingSummary> = {
  file: shippingsMessages.exportFile,
  sheet: shippingsMessages.exportSheet,
  toRows: exportRows,
  moments: [columns.createdAt, columns.updatedAt],
};
