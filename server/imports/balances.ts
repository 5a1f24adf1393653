import { eq, sql } from 'drizzle-orm';
import { cellAmount, cellDate, cellInteger, cellText, sameName } from '../../domain/imports';
import { paymentStatusFor } from '../../domain/collections';
import { formatMoney } from '../../domain/format';
import { importMessages } from '../../domain/messages/imports';
import { addDays } from '../../domain/time';
import { sales } from '../db/schema';
import { rows } from '../db/sql-rows';
import { inChunks, pauses, reader, rowsInPages, type ImportKindHandler, type RowIssue } from './import-kind';

const text = importMessages;
const cents = (value: number) => Math.round(value * 100);

interface Invoice {
  company_id: number;
  folio: string;
  date: string;
  due_date: string;
  amount: number;
  existing: { id: number; paid: number } | null;
  changed: boolean;
}

interface StoredInvoice {
  id: number;
  folio: string;
  company_id: number;
  date: string;
  due_date: string;
  total: number;
  due_balance: number;
}

/**
 * 'Saldos iniciales': each unpaid invoice of the previous system becomes a sale already
 * delivered, owed in full, with its folio; /balances, aging and collections read it as any
 * other sale, and payments apply to it oldest first. The customer is named by RFC or razón
 * social; a stored invoice is found by its folio. The amount is what was owed when it came
 * in: correcting it keeps what has been paid since.
 */
export const balancesImport: ImportKindHandler<Invoice[]> = {
  kind: 'balances',
  entity: 'sales',

  async check(db, fileRows) {
    const issues: RowIssue[] = [];
    const pause = pauses();
    const customers = await rowsInPages<{ id: number; rfc: string | null; razon_social: string; name: string; credit_days: number }>(
      db,
      (after) => sql`SELECT id, rfc, razon_social, name, credit_days FROM companies WHERE deleted_at IS NULL AND id > ${after} ORDER BY id`,
    );
    const byRfc = new Map(customers.filter((c) => c.rfc).map((c) => [c.rfc!.toUpperCase(), c]));
    const byName = new Map<string, (typeof customers)[number][]>();
    for (const customer of customers)
      for (const key of new Set([sameName(customer.razon_social), sameName(customer.name)]))
        byName.set(key, [...(byName.get(key) ?? []), customer]);
    const stored = new Map(
      (
        await rowsInPages<StoredInvoice>(
          db,
          (after) => sql`SELECT id, folio, company_id, date, due_date, total::float8 AS total, due_balance::float8 AS due_balance
            FROM sales WHERE folio IS NOT NULL AND deleted_at IS NULL AND id > ${after} ORDER BY id`,
        )
      ).map((invoice) => [invoice.folio, invoice]),
    );
    const seen = new Map<string, number>();
    const plan: Invoice[] = [];
    for (const row of fileRows) {
      await pause();
      const read = reader(issues, row);
      const before = issues.length;
      const named = cellText(row.cell('customer'));
      const matches =
        named === null ? [] : byRfc.has(named.toUpperCase()) ? [byRfc.get(named.toUpperCase())!] : (byName.get(sameName(named)) ?? []);
      if (named === null) issues.push({ row: row.number, field: 'customer', message: text.required });
      else if (matches.length === 0) issues.push({ row: row.number, field: 'customer', message: text.customerNotFound(named) });
      else if (matches.length > 1) issues.push({ row: row.number, field: 'customer', message: text.customerAmbiguous(named) });
      const folio = cellText(row.cell('folio'));
      if (folio === null) issues.push({ row: row.number, field: 'folio', message: text.required });
      else if (folio.length > 40) issues.push({ row: row.number, field: 'folio', message: text.folioTooLong });
      const date = read('date', cellDate);
      if (date === null && row.cell('date') === null) issues.push({ row: row.number, field: 'date', message: text.required });
      const dueDate = read('due_date', cellDate);
      const creditDays = read('credit_days', cellInteger);
      if (creditDays !== null && (creditDays < 0 || creditDays > 3650))
        issues.push({ row: row.number, field: 'credit_days', message: text.negative });
      const amount = read('amount', cellAmount);
      if (amount === null && row.cell('amount') === null) issues.push({ row: row.number, field: 'amount', message: text.required });
      else if (amount !== null && (cents(amount) <= 0 || amount > 100_000_000))
        issues.push({ row: row.number, field: 'amount', message: text.notPositive });
      if (date !== null && dueDate !== null && dueDate < date)
        issues.push({ row: row.number, field: 'due_date', message: text.dueBeforeDate });
      if (issues.length > before || matches.length !== 1 || folio === null || date === null || amount === null) continue;
      const earlier = seen.get(folio);
      if (earlier !== undefined) {
        issues.push({ row: row.number, field: 'folio', message: text.repeatedInFile(earlier) });
        continue;
      }
      seen.set(folio, row.number);
      const customer = matches[0]!;
      const due = dueDate ?? addDays(date, creditDays ?? customer.credit_days);
      const existing = stored.get(folio);
      const paid = existing ? (cents(existing.total) - cents(existing.due_balance)) / 100 : 0;
      if (existing && cents(amount) < cents(paid)) {
        issues.push({ row: row.number, field: 'amount', message: text.paidMoreThan(formatMoney(paid)) });
        continue;
      }
      const changed =
        existing !== undefined &&
        (existing.company_id !== customer.id ||
          existing.date !== date ||
          existing.due_date !== due ||
          cents(existing.total) !== cents(amount));
      plan.push({
        company_id: customer.id,
        folio,
        date,
        due_date: due,
        amount: cents(amount) / 100,
        existing: existing ? { id: existing.id, paid } : null,
        changed,
      });
    }
    return {
      plan,
      issues,
      create: plan.filter((invoice) => invoice.existing === null).length,
      update: plan.filter((invoice) => invoice.changed).length,
      unchanged: plan.filter((invoice) => invoice.existing !== null && !invoice.changed).length,
      totals: [
        { label: text.totals.invoices, value: plan.length, money: false },
        { label: text.totals.owed, value: plan.reduce((sum, invoice) => sum + cents(invoice.amount), 0) / 100, money: true },
      ],
    };
  },

  async write(tx, plan, { userId, file }) {
    const note = `${text.kinds.balances}: ${file}`;
    await inChunks(
      plan.filter((invoice) => invoice.existing === null),
      (chunk) =>
        tx.insert(sales).values(
          chunk.map((invoice) => ({
            kind: 'sale',
            company_id: invoice.company_id,
            user_id: userId,
            created_by_user_id: userId,
            date: invoice.date,
            due_date: invoice.due_date,
            // The amount owed as the previous system stated it; its tax breakdown did not come with it.
            type: 'Serie A',
            subtotal: invoice.amount,
            iva: 0,
            total: invoice.amount,
            due_balance: invoice.amount,
            payment_status: 'Pendiente',
            sale_total_weight: 0,
            sale_weight: 0,
            internal_note: note,
            folio: invoice.folio,
            // Delivered before the business came onto the product: never an order to fill or to route.
            dispatched_at: `${invoice.date}T12:00:00-06:00`,
            dispatched_by_user_id: userId,
          })),
        ),
    );
    const now = new Date().toISOString();
    for (const invoice of plan.filter((candidate) => candidate.changed)) {
      const balance = (cents(invoice.amount) - cents(invoice.existing!.paid)) / 100;
      await tx
        .update(sales)
        .set({
          company_id: invoice.company_id,
          date: invoice.date,
          due_date: invoice.due_date,
          subtotal: invoice.amount,
          total: invoice.amount,
          due_balance: balance,
          payment_status: paymentStatusFor({ paidCents: cents(invoice.amount) - cents(balance), balanceCents: cents(balance) }),
          updated_at: now,
        })
        .where(eq(sales.id, invoice.existing!.id));
    }
  },

  async exportRows(db) {
    const invoices = await rows<{ customer: string; folio: string; date: string; due_date: string; amount: number }>(
      db,
      sql`SELECT coalesce(c.rfc, c.razon_social) AS customer, s.folio, s.date, s.due_date, s.total::float8 AS amount
        FROM sales s JOIN companies c ON c.id = s.company_id
        WHERE s.folio IS NOT NULL AND s.deleted_at IS NULL AND s.canceled_at IS NULL ORDER BY s.date, s.folio`,
    );
    return invoices.map((invoice) => ({ ...invoice, credit_days: null }));
  },
};
