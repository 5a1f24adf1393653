import { sql } from 'drizzle-orm';
import { cellAmount, cellDate, cellText, sameName } from '../../domain/imports';
import { importMessages } from '../../domain/messages/imports';
import { monterreyDateOffset } from '../../domain/time';
import { inventoryMovements } from '../db/schema';
import { rows } from '../db/sql-rows';
import { signedQuantity } from '../repositories/inventory';
import { inChunks, pauses, reader, type ImportKindHandler, type RowIssue } from './import-kind';
import { storedProducts } from './products';

const text = importMessages;

interface StockLine {
  branch_id: number;
  item_id: number;
  date: string;
  /** What the file says is there. */
  quantity: number;
  /** What the movements up to the end of that day add up to: the adjustment is the difference. */
  difference: number;
  unit_cost: number;
  existed: boolean;
}

/** Noon of a Monterrey day (UTC−6 all year since 2022): a movement dated the day the file states. */
const noonOf = (day: string) => `${day}T12:00:00-06:00`;
const cents = (value: number) => Math.round(value * 100);

/**
 * 'Existencias iniciales': what is on the shelves of each branch at a date. Each line is
 * recorded as one 'Ajuste Manual' by the difference between the file's quantity and what the
 * movements up to that day add up to, so importing the same file again moves nothing and a
 * corrected one moves only the correction.
 */
export const stockImport: ImportKindHandler<StockLine[]> = {
  kind: 'stock',
  entity: 'inventory_movements',

  async check(db, fileRows) {
    const issues: RowIssue[] = [];
    const pause = pauses();
    const branches = await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM branches WHERE active ORDER BY id`);
    const branchByName = new Map(branches.map((branch) => [sameName(branch.name), branch.id]));
    const { byEan, byName } = await storedProducts(db);
    const seen = new Map<string, number>();
    const lines: (Omit<StockLine, 'difference' | 'existed'> & { row: number })[] = [];
    for (const row of fileRows) {
      await pause();
      const read = reader(issues, row);
      const before = issues.length;
      const branchName = cellText(row.cell('branch'));
      let branchId: number | null = null;
      if (branchName !== null) {
        branchId = branchByName.get(sameName(branchName)) ?? null;
        if (branchId === null) issues.push({ row: row.number, field: 'branch', message: text.branchNotFound(branchName) });
      } else if (branches.length === 1) branchId = branches[0]!.id;
      else issues.push({ row: row.number, field: 'branch', message: text.branchRequired });
      const ean = cellText(row.cell('ean13'));
      const productName = cellText(row.cell('product'));
      const item =
        (ean !== null ? byEan.get(ean.padStart(13, '0')) : undefined) ??
        (productName !== null ? byName.get(sameName(productName)) : undefined);
      if (!item) {
        const named = ean ?? productName;
        issues.push({
          row: row.number,
          field: ean !== null ? 'ean13' : 'product',
          message: named === null ? text.required : text.productNotFound(named),
        });
      }
      const quantity = read('quantity', cellAmount);
      if (quantity === null && row.cell('quantity') === null) issues.push({ row: row.number, field: 'quantity', message: text.required });
      else if (quantity !== null && quantity < 0) issues.push({ row: row.number, field: 'quantity', message: text.negative });
      else if (quantity !== null && quantity > 1_000_000) issues.push({ row: row.number, field: 'quantity', message: text.notANumber });
      const date = read('date', cellDate);
      if (date === null && row.cell('date') === null) issues.push({ row: row.number, field: 'date', message: text.required });
      const unitCost = read('unit_cost', cellAmount);
      if (unitCost !== null && unitCost < 0) issues.push({ row: row.number, field: 'unit_cost', message: text.negative });
      if (issues.length > before || !item || branchId === null || quantity === null || date === null) continue;
      const key = `${branchId}|${item.id}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        issues.push({ row: row.number, field: item && ean !== null ? 'ean13' : 'product', message: text.repeatedInFile(earlier) });
        continue;
      }
      seen.set(key, row.number);
      lines.push({
        row: row.number,
        branch_id: branchId,
        item_id: item.id,
        date,
        quantity: cents(quantity) / 100,
        unit_cost: unitCost ?? item.cost,
      });
    }

    // The stock of each branch and product at the end of each day the file names.
    const stockAt = new Map<string, { stock: number; moved: boolean }>();
    for (const date of new Set(lines.map((line) => line.date))) {
      const cut = `${monterreyDateOffset(new Date(noonOf(date)), 1)}T00:00:00-06:00`;
      for (const total of await rows<{ branch_id: number; item_id: number; stock: number }>(
        db,
        sql`SELECT m.branch_id, m.item_id, sum(${signedQuantity})::float8 AS stock FROM inventory_movements m
          WHERE m.created_at < ${cut}::timestamptz GROUP BY m.branch_id, m.item_id`,
      ))
        stockAt.set(`${date}|${total.branch_id}|${total.item_id}`, { stock: total.stock, moved: true });
    }
    const plan = lines.map(({ row: _row, ...line }) => {
      const stored = stockAt.get(`${line.date}|${line.branch_id}|${line.item_id}`);
      return { ...line, difference: (cents(line.quantity) - cents(stored?.stock ?? 0)) / 100, existed: stored?.moved ?? false };
    });
    return {
      plan,
      issues,
      create: plan.filter((line) => !line.existed && line.difference !== 0).length,
      update: plan.filter((line) => line.existed && line.difference !== 0).length,
      unchanged: plan.filter((line) => line.difference === 0).length,
      totals: [
        { label: text.totals.lines, value: plan.length, money: false },
        { label: text.totals.units, value: plan.reduce((sum, line) => sum + cents(line.quantity), 0) / 100, money: false },
      ],
    };
  },

  async write(tx, plan, { userId, file }) {
    const moving = plan.filter((line) => line.difference !== 0);
    await inChunks(moving, (chunk) =>
      tx.insert(inventoryMovements).values(
        chunk.map((line) => ({
          item_id: line.item_id,
          branch_id: line.branch_id,
          type: 'Ajuste Manual',
          quantity: line.difference,
          source: 'importacion',
          reason: `${text.kinds.stock}: ${file}`.slice(0, 300),
          unit_cost: line.unit_cost,
          created_by_user_id: userId,
          created_at: noonOf(line.date),
        })),
      ),
    );
  },

  async exportRows(db) {
    const today = monterreyDateOffset(new Date(), 0);
    const stock = await rows<{ branch: string; product: string; ean13: string | null; quantity: number; cost: number }>(
      db,
      sql`SELECT b.name AS branch, i.name AS product, i.ean13, sum(${signedQuantity})::float8 AS quantity, i.cost::float8 AS cost
        FROM inventory_movements m JOIN items i ON i.id = m.item_id JOIN branches b ON b.id = m.branch_id
        WHERE i.deleted_at IS NULL GROUP BY b.id, b.name, i.id, i.name, i.ean13, i.cost
        HAVING round(sum(${signedQuantity}), 2) <> 0 ORDER BY b.name, i.name`,
    );
    return stock.map((line) => ({
      branch: line.branch,
      product: line.product,
      ean13: line.ean13,
      quantity: line.quantity,
      date: today,
      unit_cost: line.cost,
    }));
  },
};
