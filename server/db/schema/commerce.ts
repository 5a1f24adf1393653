import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { changeSeq, createdAt, deletedAt, id, kilograms, money, name, updatedAt } from './columns';
import { categories, cfdis, units } from './reference-lists';
import { branches, users } from './people';

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
    /**
     * The receiver's fiscal data a CFDI 4.0 asks for besides the RFC and the uso (cfdi_id):
     * c_RegimenFiscal's key and the CP of its fiscal address. Null until the office enters them;
     * invoicing requires them (domain/cfdi/receiver.ts checks them together).
     */
    regimen_fiscal: varchar('regimen_fiscal', { length: 3 }),
    cp_fiscal: varchar('cp_fiscal', { length: 5 }),
    created_by_user_id: integer('created_by_user_id'),
    /** Null for a customer created at the counter until the office checks it (spec §2 /unverified_clients). */
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'string' }),
    verified_by_user_id: integer('verified_by_user_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    /** The counter's devices keep the customers (with their balances) for selling offline. */
    change_seq: changeSeq(),
  },
  (t) => [
    index('companies_name').on(t.name),
    index('companies_change_seq').on(t.change_seq),
    index('companies_unverified')
      .on(t.id)
      .where(sql`${t.verified_at} IS NULL AND ${t.deleted_at} IS NULL`),
  ],
);

export const companyBranches = pgTable(
  'company_branches',
  {
    id: id(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: name(),
    address: varchar('address', { length: 400 }).notNull(),
    /**
     * Where the branch receives deliveries: set in the customer's form, or learned from where its
     * last delivery was completed. Orders a route ('Optimizar'), draws it on the map, times its ETA.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    created_at: createdAt(),
  },
  (t) => [index('company_branches_company').on(t.company_id)],
);

/** A person at a customer; a sale names the one who ordered it. */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
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
  {
    id: id(),
    name: name(),
    plates: varchar('plates', { length: 20 }),
    created_at: createdAt(),
    deleted_at: deletedAt(),
    change_seq: changeSeq(),
  },
  (t) => [index('vehicles_change_seq').on(t.change_seq)],
);

export const items = pgTable(
  'items',
  {
    id: id(),
    name: name(),
    macro: varchar('macro', { length: 200 }),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id),
    category_id: integer('category_id').references(() => categories.id),
    /** EAN-13 printed on the product, read by the barcode scanner. */
    ean13: varchar('ean13', { length: 13 }),
    price: money('price').notNull(),
    cost: money('cost').notNull(),
    weight: kilograms('weight').notNull(),
    is_published: boolean('is_published').notNull().default(true),
    pos: boolean('pos').notNull().default(false),
    is_raw_material: boolean('is_raw_material').notNull().default(false),
    /** SAT c_ClaveProdServ (8 digits) the invoice names the product by; null until the business sets it. */
    clave_prod_serv: varchar('clave_prod_serv', { length: 8 }),
    /** SAT c_ClaveUnidad of the unit it is sold by (KGM, H87, XBX…). */
    clave_unidad: varchar('clave_unidad', { length: 3 }),
    /** SAT c_ObjetoImp: '02' (objeto de impuesto) unless the product is outside the taxes. */
    objeto_imp: varchar('objeto_imp', { length: 2 }).notNull().default('02'),
    /** IVA rate of a sale of it (0.16, 0.08 or 0); null when exempt. Serie A charges it per line (domain/cart.ts). */
    iva_rate: numeric('iva_rate', { precision: 6, scale: 4, mode: 'number' }).default(0.16),
    /** IEPS rate (tasa), charged on the line before IVA; null when the product carries none. */
    ieps_rate: numeric('ieps_rate', { precision: 6, scale: 4, mode: 'number' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    change_seq: changeSeq(),
  },
  (t) => [
    index('items_ean13').on(t.ean13),
    index('items_change_seq').on(t.change_seq),
    check('items_iva_rate', sql`${t.iva_rate} IS NULL OR ${t.iva_rate} IN (0, 0.08, 0.16)`),
    check('items_ieps_rate', sql`${t.ieps_rate} IS NULL OR (${t.ieps_rate} >= 0 AND ${t.ieps_rate} <= 3)`),
    check('items_objeto_imp', sql`${t.objeto_imp} IN ('01', '02', '03', '04')`),
  ],
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
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    company_branch_id: integer('company_branch_id').references(() => companyBranches.id),
    contact_id: integer('contact_id').references(() => contacts.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    date: varchar('date', { length: 10 }).notNull(),
    due_date: varchar('due_date', { length: 10 }),
    type: varchar('type', { length: 10 }).notNull(),
    subtotal: money('subtotal').notNull(),
    iva: money('iva').notNull(),
    total: money('total').notNull(),
    due_balance: money('due_balance').notNull(),
    /** What its credit notes (sale_returns) took off the total: the sale is worth total − returned. */
    returned: money('returned').notNull().default(0),
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
    /** The folio of an unpaid invoice brought in from the business's previous system ('Saldos iniciales'); null for sales made here. */
    folio: varchar('folio', { length: 40 }),
    /**
     * A sale made on a device without a connection (the outbox's createSale): when it was made,
     * the provisional folio its ticket printed, the total the device showed, and what the server
     * found on its arrival (prices changed, stock gone negative, overdue balance), in Spanish.
     */
    offline_made_at: timestamp('offline_made_at', { withTimezone: true, mode: 'string' }),
    offline_provisional: varchar('offline_provisional', { length: 20 }),
    offline_device_total: money('offline_device_total'),
    offline_warnings: jsonb('offline_warnings').$type<string[]>(),
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
    // Re-importing the opening balances finds each invoice by its folio instead of adding it again.
    uniqueIndex('sales_folio')
      .on(t.folio)
      .where(sql`${t.folio} IS NOT NULL AND ${t.deleted_at} IS NULL`),
    // What a customer owes: the balances report and a payment's application read only these rows.
    index('sales_open_balance')
      .on(t.company_id, t.due_date)
      .where(sql`${t.kind} = 'sale' AND ${t.due_balance} > 0 AND ${t.canceled_at} IS NULL AND ${t.deleted_at} IS NULL`),
    check('sales_due_balance_in_range', sql`${t.due_balance} >= 0 AND ${t.due_balance} <= ${t.total}`),
    check('sales_returned_in_range', sql`${t.returned} >= 0 AND ${t.returned} <= ${t.total}`),
    // A customer's page says which branches and contacts its sales use, so they are not removed.
    index('sales_company_branch')
      .on(t.company_branch_id)
      .where(sql`${t.company_branch_id} IS NOT NULL`),
    index('sales_contact')
      .on(t.contact_id)
      .where(sql`${t.contact_id} IS NOT NULL`),
  ],
);

export const saleItems = pgTable(
  'sale_items',
  {
    id: id(),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    quantity: kilograms('quantity').notNull(),
    price: money('price').notNull(),
    /**
     * The product's taxes as the line was sold (items' objeto_imp, iva_rate, ieps_rate at that
     * moment; no rates outside ObjetoImp 02/03): the sale's totals were charged with them, so the
     * invoice reads them from here, and changing the product later changes no sale. Null iva_rate
     * is exento, null ieps_rate none. Serie B's lines keep them too; the series charges no IVA.
     * The defaults are items' (what every line was sold at before lines kept their taxes).
     */
    objeto_imp: varchar('objeto_imp', { length: 2 }).notNull().default('02'),
    iva_rate: numeric('iva_rate', { precision: 6, scale: 4, mode: 'number' }).default(0.16),
    ieps_rate: numeric('ieps_rate', { precision: 6, scale: 4, mode: 'number' }),
  },
  (t) => [
    index('sale_items_sale').on(t.sale_id),
    index('sale_items_item').on(t.item_id),
    check('sale_items_iva_rate', sql`${t.iva_rate} IS NULL OR ${t.iva_rate} IN (0, 0.08, 0.16)`),
    check('sale_items_ieps_rate', sql`${t.ieps_rate} IS NULL OR (${t.ieps_rate} >= 0 AND ${t.ieps_rate} <= 3)`),
    check('sale_items_objeto_imp', sql`${t.objeto_imp} IN ('01', '02', '03', '04')`),
  ],
);

/**
 * A return of some lines of a filled sale (a credit note): the goods come back into stock
 * ('Devolución'), the sale's balance goes down by `total`, and `credit` is the part of it the
 * customer had already paid, which became credit with us.
 */
export const saleReturns = pgTable(
  'sale_returns',
  {
    id: id(),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    reason: text('reason').notNull(),
    subtotal: money('subtotal').notNull(),
    total: money('total').notNull(),
    credit: money('credit').notNull(),
    created_by_user_id: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    index('sale_returns_sale').on(t.sale_id),
    check('sale_returns_amounts', sql`${t.total} > 0 AND ${t.credit} >= 0 AND ${t.credit} <= ${t.total}`),
  ],
);

export const saleReturnItems = pgTable(
  'sale_return_items',
  {
    id: id(),
    return_id: integer('return_id')
      .notNull()
      .references(() => saleReturns.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    quantity: kilograms('quantity').notNull(),
    /** The sale's price of the line, without tax: what the quantity is credited at. */
    price: money('price').notNull(),
    /** Why it came back, when a driver's partial delivery returned it ('Dañado', 'Equivocado', 'No lo pidió'). */
    reason: varchar('reason', { length: 30 }),
  },
  (t) => [index('sale_return_items_return').on(t.return_id), check('sale_return_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * The pick-up of a rental (event rental), recorded once when its goods are counted back at the
 * warehouse: what came back returned to stock; missing and damaged pieces are charged against
 * the deposit (spec §9), which is the deposit the rental's terms set.
 */
export const rentalPickups = pgTable(
  'rental_pickups',
  {
    id: id(),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    /** The pick-up stop (a delivery on a 'recoleccion' route). */
    shipping_detail_id: integer('shipping_detail_id').notNull(),
    note: text('note'),
    deposit: money('deposit').notNull(),
    charges: money('charges').notNull(),
    created_by_user_id: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('rental_pickups_sale').on(t.sale_id), check('rental_pickups_amounts', sql`${t.deposit} >= 0 AND ${t.charges} >= 0`)],
);

export const rentalPickupItems = pgTable(
  'rental_pickup_items',
  {
    id: id(),
    pickup_id: integer('pickup_id')
      .notNull()
      .references(() => rentalPickups.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    rented: kilograms('rented').notNull(),
    missing: kilograms('missing').notNull(),
    damaged: kilograms('damaged').notNull(),
    /** Charged per missing or damaged piece. */
    charge: money('charge').notNull(),
  },
  (t) => [
    index('rental_pickup_items_pickup').on(t.pickup_id),
    check(
      'rental_pickup_items_pieces',
      sql`${t.missing} >= 0 AND ${t.damaged} >= 0 AND ${t.missing} + ${t.damaged} <= ${t.rented} AND ${t.charge} >= 0`,
    ),
  ],
);

/**
 * What a product is made of: raw material per unit of product. Starting production takes
 * the raw material out of stock and puts the product in (spec §4 inventory movement types).
 */
export const itemComponents = pgTable(
  'item_components',
  {
    id: id(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    component_id: integer('component_id')
      .notNull()
      .references(() => items.id),
    quantity: kilograms('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('item_components_item_component').on(t.item_id, t.component_id),
    check('item_components_quantity_positive', sql`${t.quantity} > 0`),
    check('item_components_not_itself', sql`${t.component_id} <> ${t.item_id}`),
  ],
);

/**
 * A production order: 'Planeada', then 'En proceso' when started (its raw material
 * leaves stock), then 'Terminada' (its products enter stock). The warehouse's 'comenzar
 * producción' creates one already 'En proceso' for an order (sale_id), moving both at once.
 */
export const productions = pgTable(
  'productions',
  {
    id: id(),
    sale_id: integer('sale_id').references(() => sales.id),
    status: varchar('status', { length: 30 }).notNull(),
    planned_date: varchar('planned_date', { length: 10 }),
    note: text('note'),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    deleted_at: deletedAt(),
  },
  (t) => [check('productions_status', sql`${t.status} IN ('Planeada', 'En proceso', 'Terminada')`)],
);

export const productionDetails = pgTable('production_details', {
  id: id(),
  production_id: integer('production_id')
    .notNull()
    .references(() => productions.id, { onDelete: 'cascade' }),
  item_id: integer('item_id')
    .notNull()
    .references(() => items.id),
  quantity: kilograms('quantity').notNull(),
});

export const providers = pgTable('providers', {
  id: id(),
  name: name(),
  rfc: varchar('rfc', { length: 20 }),
  phone: varchar('phone', { length: 40 }),
  email: varchar('email', { length: 254 }),
  address: varchar('address', { length: 300 }),
  contact_name: varchar('contact_name', { length: 200 }),
  credit_days: integer('credit_days').notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
  deleted_at: deletedAt(),
});

/** A purchase order (spec §3): 'Pendiente' until something arrives, 'Parcial', then 'Recibida'. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    provider_id: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    total: money('total').notNull(),
    due_date: varchar('due_date', { length: 10 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('Pendiente'),
    note: text('note'),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    check('purchase_orders_status', sql`${t.status} IN ('Pendiente', 'Parcial', 'Recibida')`),
    index('purchase_orders_provider').on(t.provider_id),
  ],
);

export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    id: id(),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    quantity: kilograms('quantity').notNull(),
    unit_cost: money('unit_cost').notNull(),
    total: money('total').notNull(),
    /** What has arrived of this line so far; each arrival is an 'Entrada Compra' movement. */
    received_quantity: kilograms('received_quantity').notNull().default(0),
  },
  (t) => [
    index('purchase_order_items_order').on(t.purchase_order_id),
    check('purchase_order_items_received_in_range', sql`${t.received_quantity} >= 0 AND ${t.received_quantity} <= ${t.quantity}`),
  ],
);

/** A move of stock from one branch to another: its movements come in pairs, both or neither. */
export const inventoryTransfers = pgTable(
  'inventory_transfers',
  {
    id: id(),
    from_branch_id: integer('from_branch_id')
      .notNull()
      .references(() => branches.id),
    to_branch_id: integer('to_branch_id')
      .notNull()
      .references(() => branches.id),
    note: text('note'),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [check('inventory_transfers_two_branches', sql`${t.from_branch_id} <> ${t.to_branch_id}`)],
);

/**
 * A count of the shelves of one branch (/physical-inventory): 'Abierto' while the
 * tablet counts, 'Cerrado' when counting ends, 'Aplicado' once the office applied the
 * differences (once: the status moves only forward, in the transaction that moves stock).
 */
export const physicalInventories = pgTable(
  'physical_inventories',
  {
    id: id(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    status: varchar('status', { length: 20 }).notNull().default('Abierto'),
    note: text('note'),
    /** 'Corte Ceros' asked for: items never counted are zeroed when applied. */
    zero_uncounted: boolean('zero_uncounted').notNull().default(false),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    closed_by_user_id: integer('closed_by_user_id').references(() => users.id),
    applied_at: timestamp('applied_at', { withTimezone: true, mode: 'string' }),
    applied_by_user_id: integer('applied_by_user_id').references(() => users.id),
    deleted_at: deletedAt(),
    change_seq: changeSeq(),
  },
  (t) => [
    check('physical_inventories_status', sql`${t.status} IN ('Abierto', 'Cerrado', 'Aplicado')`),
    index('physical_inventories_change_seq').on(t.change_seq),
  ],
);

/** What was counted of one item on one shelf; a later count of the same shelf and item replaces it. */
export const physicalInventoryCounts = pgTable(
  'physical_inventory_counts',
  {
    id: id(),
    physical_inventory_id: integer('physical_inventory_id')
      .notNull()
      .references(() => physicalInventories.id),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    shelf: varchar('shelf', { length: 40 }).notNull(),
    quantity: kilograms('quantity').notNull(),
    counted_by_user_id: integer('counted_by_user_id').references(() => users.id),
    counted_at: timestamp('counted_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('physical_inventory_counts_shelf_item').on(t.physical_inventory_id, t.shelf, t.item_id),
    check('physical_inventory_counts_quantity', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Stock per item and branch is the signed sum of these by type (spec §4): no stored total.
 * Each records who, when, why and what caused it; the 'source' names the screen or flow
 * (compra, produccion, venta, ajuste, merma, traspaso, fisico, alta) so each list reads its own.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: id(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    type: varchar('type', { length: 40 }).notNull(),
    quantity: kilograms('quantity').notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    reason: varchar('reason', { length: 300 }),
    /** The item's cost when it moved, for valuing what moved (purchases set the item's cost). */
    unit_cost: money('unit_cost'),
    purchase_order_id: integer('purchase_order_id').references(() => purchaseOrders.id),
    production_id: integer('production_id').references(() => productions.id),
    sale_id: integer('sale_id').references(() => sales.id),
    transfer_id: integer('transfer_id').references(() => inventoryTransfers.id),
    physical_inventory_id: integer('physical_inventory_id').references(() => physicalInventories.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    index('inventory_movements_item').on(t.item_id),
    index('inventory_movements_branch_item').on(t.branch_id, t.item_id),
    index('inventory_movements_source_created').on(t.source, t.created_at),
    index('inventory_movements_purchase_order')
      .on(t.purchase_order_id)
      .where(sql`${t.purchase_order_id} IS NOT NULL`),
    index('inventory_movements_production')
      .on(t.production_id)
      .where(sql`${t.production_id} IS NOT NULL`),
    // A physical count moves each item once (applying it twice must not move stock twice).
    uniqueIndex('inventory_movements_physical_item')
      .on(t.physical_inventory_id, t.item_id)
      .where(sql`${t.physical_inventory_id} IS NOT NULL`),
  ],
);
