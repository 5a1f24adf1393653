import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiMessages } from '../../../domain/messages/api';
import { productionMessages } from '../../../domain/messages/production';
import { fromCents, hasTooManyDecimals, parseAmount } from '../../../domain/money';
import { recipePageSchema } from '../../../domain/schemas/catalogue';
import { productionInputSchema, type Production } from '../../../domain/schemas/production';
import { monterreyDate } from '../../../domain/time';
import { emptyLine, ProductLines, type ProductLine } from '../../ui/product-lines';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useProductionMutations } from './queries';
import { FormActions } from '../../ui/form-actions';
import { Field } from '../../ui/form-fields';

const text = productionMessages;
const fields = text.fields;
const LINE_TEXTS = {
  legend: fields.products,
  product: fields.product,
  chooseProduct: fields.chooseProduct,
  quantity: fields.quantity,
  remove: fields.removeProduct,
  add: fields.addProduct,
};

/** A quantity as typed: undefined when empty, NaN when it is no number, so the schema says which. */
function typedQuantity(typed: string): number | undefined {
  if (typed.trim() === '') return undefined;
  const cents = parseAmount(typed);
  if (cents !== null) return fromCents(cents);
  return hasTooManyDecimals(typed) ? Number(typed.replace(/[\s,]/g, '')) : Number.NaN;
}

export function productionBody(draft: { planned_date: string; note: string; lines: readonly ProductLine[] }) {
  return {
    planned_date: draft.planned_date,
    note: draft.note,
    items: draft.lines.map((line) => ({
      item_id: line.productId ? Number(line.productId) : undefined,
      quantity: typedQuantity(line.quantity) ?? Number.NaN,
    })),
  };
}

/** The products that have a recipe: only those are produced (GET /api/v2/recipes). */
function useProducible() {
  return useQuery({
    queryKey: ['catalogue', 'recipes', 'all'],
    queryFn: ({ signal }) => apiRequest('/api/v2/recipes?itemsPerPage=1000', { schema: recipePageSchema, signal }),
    select: (answer) => answer.data,
  });
}

/**
 * 'Nueva producción': products that have a recipe with their quantities, a planned
 * date (today in Monterrey) and a note; it is saved 'Planeada'. Sending it again after a lost
 * answer reuses its Idempotency-Key, so it is planned once.
 */
export function ProductionForm({ onSaved, onCancel }: { onSaved: (saved: Production) => void; onCancel: () => void }) {
  const [plannedDate, setPlannedDate] = useState(() => monterreyDate(new Date()));
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<ProductLine[]>(() => [emptyLine(0)]);
  const [error, setError] = useState<string | null>(null);
  const products = useProducible();
  const { create } = useProductionMutations();
  const ids = { date: useId(), note: useId(), error: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = productionInputSchema.safeParse(productionBody({ planned_date: plannedDate, note, lines }));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? apiMessages.invalidRequest);
      return;
    }
    setError(null);
    create.mutate(parsed.data, { onSuccess: onSaved, onError: (failure) => setError(getErrorMessage(failure)) });
  };

  return (
    <form onSubmit={submit} className="production-form" noValidate aria-describedby={error ? ids.error : undefined}>
      <div className="production-form__fields">
        <Field id={ids.date} label={fields.plannedDate}>
          <input id={ids.date} type="date" value={plannedDate} onChange={(e) => setPlannedDate(e.target.value)} />
        </Field>
        <Field id={ids.note} label={fields.note}>
          <input id={ids.note} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </div>
      <ProductLines
        lines={lines}
        setLines={setLines}
        options={products.data ?? []}
        texts={LINE_TEXTS}
        keepOne
        onEdit={() => setError(null)}
      >
        {products.data && products.data.length === 0 && <p>{text.noRecipes}</p>}
      </ProductLines>
      <FormActions serverError={error} pending={create.isPending} onCancel={onCancel} labels={text} errorId={ids.error} />
    </form>
  );
}
