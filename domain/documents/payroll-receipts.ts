import * as z from 'zod/mini';
import type { BusinessIdentity } from '../deployment';
import { formatMoney } from '../format';
import { payrollMessages } from '../messages/payroll';
import { DEDUCTION_FIELDS, PERCEPTION_FIELDS } from '../payroll';
import { payrollRowSchema, type PayrollRow } from '../schemas/payroll';
import type { KeyValue, Slip, SlipSheetModel } from './document';
import { formatLongDay } from './quotation-document';

/**
 * Payroll receipts (spec §2 Print views, §9: 'Recibo', four per page) as a sheet of
 * slips: each employee's perceptions and deductions side by side, the amount paid, and a line
 * to sign. The sub-position is printed only when there is one (spec §2). A perception or
 * deduction of zero is left out, except the fixed pay, so that a slip stays a quarter page.
 */

/** What a screen stores to open the receipts' print view (print job kind 'payroll'). */
export const payrollPrintDataSchema = z.object({ receipts: z.array(payrollRowSchema).check(z.minLength(1)) });
export type PayrollPrintData = z.infer<typeof payrollPrintDataSchema>;

export const RECEIPTS_PER_PAGE = 4;

const text = payrollMessages;
const receipt = text.receipt;

const lines = (row: PayrollRow, fields: readonly (keyof typeof text.fields)[]): KeyValue[] =>
  fields
    .filter((field) => field === 'amount' || row[field] !== 0)
    .map((field) => ({ label: text.fields[field], value: formatMoney(row[field]) }));

export function payrollSlip(row: PayrollRow, identity: BusinessIdentity): Slip {
  const facts: KeyValue[] = [{ label: receipt.employee, value: row.employee }];
  if (row.job_position) facts.push({ label: receipt.position, value: row.job_position });
  if (row.sub_job_position) facts.push({ label: receipt.subPosition, value: row.sub_job_position });
  facts.push({ label: receipt.dailySalary, value: formatMoney(row.daily_salary) });
  return {
    title: receipt.title,
    issuer: identity.legalName,
    date: { label: receipt.period, value: formatLongDay(row.date) },
    facts,
    columns: [
      { title: text.perceptions, rows: lines(row, PERCEPTION_FIELDS), subtotal: { label: text.perceptions, value: formatMoney(row.sum) } },
      { title: text.deductions, rows: lines(row, DEDUCTION_FIELDS), subtotal: { label: text.deductions, value: formatMoney(row.rest) } },
    ],
    total: { label: text.total, value: formatMoney(row.total) },
    statement: receipt.received(formatMoney(row.total)),
    signature: receipt.signature,
    signer: row.employee,
  };
}

export function payrollReceiptsDocument(rows: readonly PayrollRow[], identity: BusinessIdentity): SlipSheetModel {
  const dates = [...new Set(rows.map((row) => row.date))].sort();
  const period = dates.length === 1 ? dates[0]! : `${dates[0]} a ${dates.at(-1)}`;
  return {
    kind: 'slips',
    title: receipt.documentTitle(period),
    fileName: receipt.fileName(period),
    brand: { name: identity.brand, color: identity.themeColor, logo: identity.logo },
    slips: rows.map((row) => payrollSlip(row, identity)),
    perPage: RECEIPTS_PER_PAGE,
    pageLabel: receipt.page,
  };
}
