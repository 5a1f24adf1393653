import { customersMessages } from '../../../domain/messages/customers';
import type { CompanyRow } from '../../../domain/schemas/customers';
import type { SheetCell } from '../../ui/office-list/export-sheet';
import type { PageSheet } from '../../ui/office-list/page-export';

const text = customersMessages.list;
const columns = text.columns;

/** The page's customers with real values: days and amounts as numbers, the creation as a date and time. */
export function customerExportRows(rows: readonly CompanyRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.id]: row.id,
    [columns.name]: row.name,
    [columns.macro]: row.macro ?? '',
    [columns.legalName]: row.razon_social,
    [columns.rfc]: row.rfc ?? '',
    [columns.regimenFiscal]: row.regimen_fiscal ?? '',
    [columns.cpFiscal]: row.cp_fiscal ?? '',
    [columns.creditDays]: row.credit_days,
    [columns.address]: row.delivery_address ?? '',
    [columns.deliveryTime]: row.delivery_time ?? '',
    [columns.dueBalance]: row.due_balance,
    [columns.overdueBalance]: row.overdue_balance,
    [columns.createdAt]: new Date(row.created_at),
    [columns.createdBy]: row.created_by ?? '',
    [columns.state]: row.verified_at === null ? customersMessages.unverified : text.verifiedYes,
  }));
}

/** 'Lista de Clientes.xlsx' of the page on screen. */
export const CUSTOMER_SHEET: PageSheet<CompanyRow> = {
  file: text.exportFile,
  sheet: text.exportSheet,
  toRows: customerExportRows,
  moments: [columns.createdAt],
};
