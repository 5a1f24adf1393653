import type { Permission } from './permissions';

/** The kinds of file 'Importar' brings in, and the permission of the screen that keeps each (apart, so the menu reads them without the columns). */
export const IMPORT_KINDS = ['customers', 'products', 'stock', 'balances'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_PERMISSION: Record<ImportKind, Permission> = {
  customers: 'companies',
  products: 'inventory',
  stock: 'adjustments',
  balances: 'collections',
};
