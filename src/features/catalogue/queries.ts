import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  itemRowSchema,
  recipePageSchema,
  recipeRowSchema,
  type ItemCounterInput,
  type ItemCreateInput,
  type ItemInput,
  type RecipeInput,
} from '../../../domain/schemas/catalogue';
import { rawMaterialListSchema } from '../../../domain/schemas/reads';
import { namedListSchema } from '../../../domain/schemas/reference';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import type { CounterFilters, ItemFilters } from './item-filters';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  items: (filters: ItemFilters) => [...catalogueKeys.all, 'items', filters] as const,
  counter: (filters: CounterFilters) => [...catalogueKeys.all, 'counter', filters] as const,
  recipes: (search: string) => [...catalogueKeys.all, 'recipes', search] as const,
  allRecipes: ['catalogue', 'recipes', 'all'] as const,
  rawMaterials: ['catalogue', 'raw-materials'] as const,
};

const ONE_HOUR = 60 * 60 * 1000;

function useReferenceList(key: string, path: string) {
  return useQuery({
    queryKey: ['reference', key],
    queryFn: ({ signal }) => apiRequest(path, { schema: namedListSchema, signal }),
    select: (answer) => answer.data,
    staleTime: ONE_HOUR,
  });
}

/** The units and categories of the item form (spec §3 reference lists). */
export const useUnits = () => useReferenceList('units', '/api/v1/unit/all');
export const useCategories = () => useReferenceList('categories', '/api/v1/category/all');

/** The items marked raw material (GET /api/v2/raw_materials), what a recipe is made of. */
export function useRawMaterials() {
  return useQuery({
    queryKey: catalogueKeys.rawMaterials,
    queryFn: ({ signal }) => apiRequest('/api/v2/raw_materials', { schema: rawMaterialListSchema, signal }),
    select: (answer) => answer.data,
  });
}

/** The products that have a recipe, all of them (the recipe editor and the production form choose among them). */
export function useAllRecipes(enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.allRecipes,
    queryFn: ({ signal }) => apiRequest('/api/v2/recipes?itemsPerPage=1000', { schema: recipePageSchema, signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

/**
 * Item writes are direct requests with an Idempotency-Key (docs/architecture.md): a retry after a
 * lost answer creates the item, and its opening stock, once. The lists, the stock and the
 * inventory screen refresh after each.
 */
export function useItemMutations() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    return queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  };
  const create = useMutation({
    mutationFn: (body: ItemCreateInput) =>
      apiRequest('/api/v2/items', { method: 'POST', body, schema: itemRowSchema, idempotencyKey: keys.keyFor('create', body) }),
    onSuccess: settle('create'),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ItemInput }) =>
      apiRequest(`/api/v2/items/${id}`, { method: 'PUT', body, schema: itemRowSchema, idempotencyKey: keys.keyFor(`update-${id}`, body) }),
    onSuccess: (_, { id }) => settle(`update-${id}`)(),
  });
  const toggle = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ItemCounterInput }) =>
      apiRequest(`/api/v2/items/${id}`, {
        method: 'PATCH',
        body,
        schema: itemRowSchema,
        idempotencyKey: keys.keyFor(`toggle-${id}`, body),
      }),
    onSuccess: (_, { id }) => settle(`toggle-${id}`)(),
  });
  return { create, update, toggle };
}

export function useRecipeMutation() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RecipeInput }) =>
      apiRequest(`/api/v2/recipes/${id}`, {
        method: 'PUT',
        body,
        schema: recipeRowSchema,
        idempotencyKey: keys.keyFor(`recipe-${id}`, body),
      }),
    onSuccess: (_, { id }) => {
      keys.done(`recipe-${id}`);
      return queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
