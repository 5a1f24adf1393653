import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { DemoBusiness } from './demo-businesses';

/** [category, item names that belong to it]; the rest of a business's items fall in `otherwise`. */
const FRUTAS_CATEGORIES: { byName: [string, RegExp][]; byUnit: [string, string][]; otherwise: string } = {
  byName: [
    ['Chiles', /^(Chile|Pimiento)/],
    ['Abarrotes', /^(Ajo|Jengibre|Champiñón)/],
    [
      'Frutas',
      /^(Aguacate|Limón|Plátano|Manzana|Pera|Naranja|Toronja|Mandarina|Piña|Papaya|Melón|Sandía|Mango|Fresa|Uva|Guayaba|Kiwi|Durazno|Arándano)/,
    ],
  ],
  byUnit: [['manojo', 'Hierbas']],
  otherwise: 'Verduras',
};

/**
 * The catalogue and production demo rows: each produce item in its category, and
 * the recipe's product made twice — a production finished ten days ago (its raw material out,
 * its product in, both through movements linked to it) and one planned for tomorrow. Picked
 * without the seed's random stream, so the rows after it stay as they were.
 */
export async function seedProduction(
  db: Db,
  seed: { business: DemoBusiness; branchId: number; admin: number; day: (offset: number) => string },
): Promise<void> {
  const { business, branchId, admin, day } = seed;
  const items = (await db.execute(
    sql`SELECT i.id, i.name, u.name AS unit, i.cost::float8 AS cost FROM items i JOIN units u ON u.id = i.unit_id`,
  )) as unknown as {
    rows: { id: number; name: string; unit: string; cost: number }[];
  };
  const categories = await db.select({ id: t.categories.id, name: t.categories.name }).from(t.categories);
  const categoryId = new Map(categories.map((category) => [category.name, category.id]));
  // The produce business's categories; another business keeps its items uncategorized.
  for (const item of categoryId.has(FRUTAS_CATEGORIES.otherwise) ? items.rows : []) {
    const name =
      FRUTAS_CATEGORIES.byName.find(([, pattern]) => pattern.test(item.name))?.[0] ??
      FRUTAS_CATEGORIES.byUnit.find(([unit]) => unit === item.unit)?.[0] ??
      FRUTAS_CATEGORIES.otherwise;
    const id = categoryId.get(name);
    if (id !== undefined)
      await db
        .update(t.items)
        .set({ category_id: id })
        .where(sql`${t.items.id} = ${item.id}`);
  }

  if (!business.recipe) return;
  const { item: productName, component: componentName, quantity: perUnit } = business.recipe;
  const product = items.rows.find((item) => item.name === productName)!;
  const component = items.rows.find((item) => item.name === componentName)!;
  const at = (offset: number, time: string) => `${day(offset)} ${time}:00-06`;
  const [finished, planned] = await db
    .insert(t.productions)
    .values([
      {
        status: 'Terminada',
        planned_date: day(-10),
        note: 'Tomate para la semana de restaurantes',
        created_by_user_id: admin,
        created_at: at(-11, '16:00'),
        started_at: at(-10, '07:30'),
        finished_at: at(-10, '13:15'),
        updated_at: at(-10, '13:15'),
      },
      {
        status: 'Planeada',
        planned_date: day(1),
        note: 'Para los pedidos de mañana',
        created_by_user_id: admin,
        created_at: at(0, '09:00'),
      },
    ])
    .returning({ id: t.productions.id });
  await db.insert(t.productionDetails).values([
    { production_id: finished!.id, item_id: product.id, quantity: 40 },
    { production_id: planned!.id, item_id: product.id, quantity: 60 },
  ]);
  await db.insert(t.inventoryMovements).values([
    {
      item_id: component.id,
      branch_id: branchId,
      type: 'Salida Producción',
      quantity: Math.round(perUnit * 40 * 100) / 100,
      source: 'produccion',
      reason: product.name,
      unit_cost: component.cost,
      production_id: finished!.id,
      created_by_user_id: admin,
      created_at: at(-10, '07:30'),
    },
    {
      item_id: product.id,
      branch_id: branchId,
      type: 'Entrada Producción',
      quantity: 40,
      source: 'produccion',
      unit_cost: product.cost,
      production_id: finished!.id,
      created_by_user_id: admin,
      created_at: at(-10, '13:15'),
    },
  ]);
}
