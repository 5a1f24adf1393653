import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiMessages } from '../../../domain/messages/api';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import { recipeInputSchema, type RecipeRow } from '../../../domain/schemas/catalogue';
import { itemListSchema } from '../../../domain/schemas/reference';
import { ProductLines, type ProductLine } from '../../ui/product-lines';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { typedNumber } from './item-form';
import { useAllRecipes, useRawMaterials, useRecipeMutation } from './queries';
import { FormActions } from '../../ui/form-actions';
import { Field } from '../../ui/form-fields';

const text = catalogueMessages.recipes;
const LINE_TEXTS = {
  legend: text.components,
  product: text.component,
  chooseProduct: text.chooseComponent,
  quantity: text.quantity,
  remove: text.removeComponent,
  add: text.addComponent,
};

/** The lines as the schema reads them (the same schema the server uses). */
export function recipeBody(lines: readonly ProductLine[]) {
  return {
    components: lines.map((line) => ({
      component_id: line.productId ? Number(line.productId) : undefined,
      quantity: typedNumber(line.quantity) ?? Number.NaN,
    })),
  };
}

const linesOf = (recipe: RecipeRow | undefined): ProductLine[] =>
  recipe?.components.map((component, index) => ({
    key: index,
    productId: String(component.component_id),
    quantity: String(component.quantity),
  })) ?? [];

/** Every live item, the products a recipe can be for (any signed-in person reads it). */
function useProducts(enabled: boolean) {
  return useQuery({
    queryKey: ['reference', 'items'],
    queryFn: ({ signal }) => apiRequest('/api/v1/item/all', { schema: itemListSchema, signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

/**
 * A product's recipe (/raw-material): which raw material and how much per unit of
 * product, one line each; saving replaces the whole recipe, and no lines removes it. A new
 * recipe first chooses its product (one that has a recipe brings it in to edit).
 */
export function RecipeForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: RecipeRow | null;
  onSaved: (saved: RecipeRow) => void;
  onCancel: () => void;
}) {
  const [productId, setProductId] = useState(editing ? String(editing.id) : '');
  const [lines, setLines] = useState<ProductLine[]>(() => linesOf(editing ?? undefined));
  const [error, setError] = useState<string | null>(null);
  const products = useProducts(editing === null);
  const recipes = useAllRecipes(editing === null);
  const rawMaterials = useRawMaterials();
  const save = useRecipeMutation();
  const ids = { product: useId(), error: useId() };
  const product = Number(productId);

  const chooseProduct = (value: string) => {
    setProductId(value);
    setLines(linesOf(recipes.data?.find((recipe) => recipe.id === Number(value))));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!productId) {
      setError(text.productRequired);
      document.getElementById(ids.product)?.focus();
      return;
    }
    const parsed = recipeInputSchema.safeParse(recipeBody(lines));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? apiMessages.invalidRequest);
      return;
    }
    setError(null);
    save.mutate({ id: product, body: parsed.data }, { onSuccess: onSaved, onError: (failure) => setError(getErrorMessage(failure)) });
  };

  const materials = (rawMaterials.data ?? []).filter((material) => material.id !== product);
  return (
    <form onSubmit={submit} className="recipe-form" noValidate aria-describedby={error ? ids.error : undefined}>
      {editing === null && (
        <Field id={ids.product} label={text.product}>
          <select id={ids.product} value={productId} onChange={(e) => chooseProduct(e.target.value)}>
            <option value="">{text.chooseProduct}</option>
            {products.data
              ?.filter((item) => !rawMaterials.data?.some((material) => material.id === item.id))
              .map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
          </select>
        </Field>
      )}
      <ProductLines lines={lines} setLines={setLines} options={materials} texts={LINE_TEXTS} onEdit={() => setError(null)}>
        {rawMaterials.data && rawMaterials.data.length === 0 && <p>{text.noRawMaterials}</p>}
        {lines.length === 0 && <p>{text.noComponents}</p>}
      </ProductLines>
      <FormActions serverError={error} pending={save.isPending} onCancel={onCancel} labels={catalogueMessages} errorId={ids.error} />
    </form>
  );
}
