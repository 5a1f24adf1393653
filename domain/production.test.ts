import { describe, expect, it } from 'vitest';
import { needsByComponent, pendingEntries, rawMaterialNeeds, shortage } from './production';
import { isEan13, itemCreateSchema, recipeInputSchema } from './schemas/catalogue';

describe('the raw material a production needs', () => {
  it('is the recipe quantity times the quantity produced, to two decimals per product line', () => {
    const recipes = [
      { item_id: 1, component_id: 10, quantity: 0.35 },
      { item_id: 1, component_id: 11, quantity: 0.1 },
      { item_id: 2, component_id: 10, quantity: 0.05 },
    ];
    const needs = rawMaterialNeeds(
      [
        { item_id: 1, quantity: 3 },
        { item_id: 2, quantity: 4 },
        { item_id: 3, quantity: 9 },
      ],
      recipes,
    );
    expect(needs).toEqual([
      { item_id: 1, component_id: 10, quantity: 1.05 },
      { item_id: 1, component_id: 11, quantity: 0.3 },
      { item_id: 2, component_id: 10, quantity: 0.2 },
    ]);
    expect(needsByComponent(needs)).toEqual(
      new Map([
        [10, 1.25],
        [11, 0.3],
      ]),
    );
  });

  it('is short only by what stock lacks', () => {
    expect(shortage(1.5, 1)).toBe(0.5);
    expect(shortage(1, 3)).toBe(0);
    expect(shortage(0.3, -0.2)).toBe(0.5);
  });
});

describe('what enters stock when a production finishes', () => {
  it('is each product less what already entered for it, never twice', () => {
    const lines = [
      { item_id: 1, quantity: 4 },
      { item_id: 2, quantity: 2.5 },
    ];
    expect(pendingEntries(lines, new Map())).toEqual(lines);
    expect(pendingEntries(lines, new Map([[1, 4]]))).toEqual([{ item_id: 2, quantity: 2.5 }]);
    expect(pendingEntries(lines, new Map([[1, 1.5]]))).toEqual([
      { item_id: 1, quantity: 2.5 },
      { item_id: 2, quantity: 2.5 },
    ]);
    expect(pendingEntries(lines, new Map([[1, 9]]))).toEqual([{ item_id: 2, quantity: 2.5 }]);
  });
});

describe('the item and recipe schemas', () => {
  it('take an EAN-13 only with its check digit', () => {
    expect(isEan13('7501055300846')).toBe(true);
    expect(isEan13('7501055300847')).toBe(false);
    expect(isEan13('96385074')).toBe(false);
  });

  it('read an empty EAN, macro and category as none, the opening stock as zero, and no fiscal data as IVA 16 % with taxes', () => {
    const parsed = itemCreateSchema.parse({ name: ' Salsa ', unit_id: 1, ean13: '', macro: ' ', price: 10, cost: 5, weight: 1 });
    expect(parsed).toEqual({
      name: 'Salsa',
      unit_id: 1,
      category_id: null,
      macro: null,
      ean13: null,
      price: 10,
      cost: 5,
      weight: 1,
      is_published: true,
      pos: false,
      is_raw_material: false,
      opening_stock: 0,
      clave_prod_serv: null,
      clave_unidad: null,
      objeto_imp: '02',
      iva_rate: 0.16,
      ieps_rate: null,
    });
  });

  it('refuse a recipe with the same raw material twice', () => {
    const result = recipeInputSchema.safeParse({
      components: [
        { component_id: 3, quantity: 1 },
        { component_id: 3, quantity: 2 },
      ],
    });
    expect(result.success ? null : result.error.issues[0]!.message).toBe('La misma materia prima está dos veces en la receta.');
  });
});
