import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { changeSeq, createdAt, deletedAt, id, kilograms, money, name, updatedAt } from './columns';
import { cfdis, units } from './reference-lists';
import { users } from './people';

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: name(),
    macro: varchar('macro', { length: 200 }),
    razon_social: varchar('razon_social', { length: 200 }).notNull(),
    rfc: varchar('rfc', { length: 20 }),
    credit_days: integer('credit_days').notNull().default(0),
    delivery_address: varchar('delivery_address', { length: 400 }),
    delivery_references: varchar('delivery_references', { length: 400 }),
    delivery_time: varchar('delivery_time', { length: 60 }),
    cfdi_id: integer('cfdi_id').references(() => cfdis.id),
    created_by_user_id: integer('created_by_user_id'),
    /** Null for a customer created at the counter until the office checks it (spec §2 /unverified_clients). */
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'string' }),
    verified_by_user_id: integer('verified_by_user_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [index('companies_name').on(t.name), index('companies_unverified').on(t.id).where(sql`${t.verified_at} IS NULL AND ${t.deleted_at} IS NULL`)],
);

export const companyBranches = pgTable(
  'company_branches',
  {
    id: id(),
    company_id: integer('company_id').notNull().references(() => companies.id),
    name: name(),
    address: varchar('address', { length: 400 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('company_branches_company').on(t.company_id)],
);

/** A person at a customer; a sale names the one who ordered it. */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    company_id: integer('company_id').notNull().references(() => companies.id),
    name: name(),
    last: varchar('last', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 40 }),
    email: varchar('email', { length: 254 }),
    created_at: createdAt(),
  },
  (t) => [index('contacts_company').on(t.company_id)],
);

export const vehicles = pgTable(
  'vehicles',
  { id: id(), name: name(), plates: varchar('plates', { length: 20 }), created_at: createdAt(), deleted_at: deletedAt(), change_seq: changeSeq() },
  (t) => [index('vehicles_change_seq').on(t.change_seq)],
);

export const items = pgTable(
  'items',
  {
    id: id(),
    name: name(),
    macro: varchar('macro', { length: 200 }),
    unit_id: integer('unit_id').notNull().references(() => units.id),
    /** EAN-13 printed on the product, read by the barcode scanner. */
    ean13: varchar('ean13', { length: 13 }),
    price: money('price').notNull(),
    cost: money('cost').notNull(),
    weight: kilograms('weight').notNull(),
    is_published: boolean('is_published').notNull().default(true),
    pos: boolean('pos').notNull().default(false),
    is_raw_material: boolean('is_raw_material').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    change_seq: changeSeq(),
  },
  (t) => [index('items_ean13').on(t.ean13), index('items_change_seq').on(t.change_seq)],
);

/**
 * A quotation becomes a sale; a sale with a scheduled date is an order to fill for the
 * warehouse until it is dispatched (spec §3 'Quotation / sale' and 'Order to dispatch').
 */
export const sales = pgTable(
  'sales',
  {
    id: id(),
    kind: varchar('kind', { length: 20 }).notNull(),
    company_id: integer('company_id').notNull().references(() => companies.id),
    company_branch_id: integer('company_branch_id').references(() => companyBranches.id),
    contact_id: integer('contact_id').references(() => contacts.id),
    user_id: integer('user_id').notNull().references(() => users.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    date: varchar('date', { length: 10 }).notNull(),
    due_date: varchar('due_date', { length: 10 }),
    type: varchar('type', { length: 10 }).notNull(),
    subtotal: money('subtotal').notNull(),
    iva: money('iva').notNull(),
    total: money('total').notNull(),
    due_balance: money('due_balance').notNull(),
    payment_status: varchar('payment_status', { length: 30 }).notNull(),
    sale_total_weight: kilograms('sale_total_weight').notNull(),
    sale_weight: kilograms('sale_weight').notNull(),
    note: text('note'),
    internal_note: text('internal_note'),
    purchase_order: varchar('purchase_order', { length: 60 }),
    bar: boolean('bar').notNull().default(false),
    is_in_production: boolean('is_in_production').notNull().default(false),
    production_id: integer('production_id'),
    dispatched_at: timestamp('dispatched_at', { withTimezone: true, mode: 'string' }),
    dispatched_by_user_id: integer('dispatched_by_user_id').references(() => users.id),
    canceled_at: timestamp('canceled_at', { withTimezone: true, mode: 'string' }),
    cancel_reason: text('cancel_reason'),
    canceled_by_user_id: integer('canceled_by_user_id').references(() => users.id),
    /** The quotation a sale was made from; unique, so turning a quotation into a sale happens once. */
    quotation_id: integer('quotation_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    change_seq: changeSeq(),
  },
  (t) => [
    index('sales_company').on(t.company_id),
    index('sales_date').on(t.date),
    index('sales_kind_date').on(t.kind, t.date),
    index('sales_change_seq').on(t.change_seq),
    uniqueIndex('sales_quotation').on(t.quotation_id),
    // What a customer owes: the balances report and a payment's application read only these rows.
    index('sales_open_balance')
      .on(t.company_id, t.due_date)
      .where(sql`${t.kind} = 'sale' AND ${t.due_balance} > 0 AND ${t.canceled_at} IS NULL AND ${t.deleted_at} IS NULL`),
    check('sales_due_balance_in_range', sql`${t.due_balance} >= 0 AND ${t.due_balance} <= ${t.total}`),
    // A customer's page says which branches and contacts its sales use, so they are not removed.
    index('sales_company_branch').on(t.company_branch_id).where(sql`${t.company_branch_id} IS NOT NULL`),
    index('sales_contact').on(t.contact_id).where(sql`${t.contact_id} IS NOT NULL`),
  ],
);

export const saleItems = pgTable(
  'sale_items',
  {
    id: id(),
    sale_id: integer('sale_id').notNull().references(() => sales.id, { onDelete: 'cascade' }),
    item_id: integer('item_id').notNull().references(() => items.id),
    quantity: kilograms('quantity').notNull(),
    price: money('price').notNull(),
  },
  (t) => [index('sale_items_sale').on(t.sale_id), index('sale_items_item').on(t.item_id)],
);

/**
 * What a product is made of: raw material per unit of product. Starting production takes
 * the raw material out of stock and puts the product in (spec §4 inventory movement types).
 */
export const itemComponents = pgTable(
  'item_components',
  {
    id: id(),
    item_id: integer('item_id').notNull().references(() => items.id),
    component_id: integer('component_id').notNull().references(() => items.id),
    quantity: kilograms('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('item_components_item_component').on(t.item_id, t.component_id),
    check('item_components_quantity_positive', sql`${t.quantity} > 0`),
    check('item_components_not_itself', sql`${t.component_id} <> ${t.item_id}`),
  ],
);

export const productions = pgTable('productions', {
  id: id(),
  sale_id: integer('sale_id').references(() => sales.id),
  status: varchar('status', { length: 30 }).notNull(),
  created_by_user_id: integer('created_by_user_id').references(() => users.id),
  created_at: createdAt(),
  finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
});

export const productionDetails = pgTable('production_details', {
  id: id(),
  production_id: integer('production_id').notNull().references(() => productions.id, { onDelete: 'cascade' }),
  item_id: integer('item_id').notNull().references(() => items.id),
  quantity: kilograms('quantity').notNull(),
});

export const providers = pgTable('providers', {
  id: id(),
  name: name(),
  rfc: varchar('rfc', { length: 20 }),
  phone: varchar('phone', { length: 40 }),
  created_at: createdAt(),
  deleted_at: deletedAt(),
});

export const purchaseOrders = pgTable('purchase_orders', {
  id: id(),
  provider_id: integer('provider_id').notNull().references(() => providers.id),
  total: money('total').notNull(),
  due_date: varchar('due_date', { length: 10 }).notNull(),
  created_by_user_id: integer('created_by_user_id').references(() => users.id),
  created_at: createdAt(),
  updated_at: updatedAt(),
  deleted_at: deletedAt(),
});

export const purchaseOrderItems = pgTable('purchase_order_items', {
  id: id(),
  purchase_order_id: integer('purchase_order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  item_id: integer('item_id').notNull().references(() => items.id),
  quantity: kilograms('quantity').notNull(),
  unit_cost: money('unit_cost').notNull(),
  total: money('total').notNull(),
});

/** Stock per item is the signed sum of these by type (spec §4). */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: id(),
    item_id: integer('item_id').notNull().references(() => items.id),
    type: varchar('type', { length: 40 }).notNull(),
    quantity: kilograms('quantity').notNull(),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [index('inventory_movements_item').on(t.item_id)],
);
