import { useId, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import './product-lines.css';

/** One line as typed: the chosen product's id ('' before one is chosen) and its quantity. */
export interface ProductLine {
  key: number;
  productId: string;
  quantity: string;
}

export const emptyLine = (key: number): ProductLine => ({ key, productId: '', quantity: '' });

/** What a form calls its lines: the fieldset's legend, each field's label and the add and remove buttons. */
export interface ProductLineTexts {
  legend: string;
  product: string;
  chooseProduct: string;
  quantity: string;
  remove: (name: string) => string;
  add: string;
}

/**
 * A list of product lines, each a product picker, a quantity and a remove button, with
 * 'add' at the end (a recipe's raw material, a production's products). The form keeps the
 * lines and reads them; `onEdit` lets it clear its error when a field is typed in.
 */
export function ProductLines({
  lines,
  setLines,
  options,
  texts,
  keepOne = false,
  onEdit,
  children,
}: {
  lines: readonly ProductLine[];
  setLines: Dispatch<SetStateAction<ProductLine[]>>;
  options: readonly { id: number; name: string; unit: string }[];
  texts: ProductLineTexts;
  /** A form that needs a line at least does not let the last one go. */
  keepOne?: boolean;
  onEdit?: () => void;
  /** Notes before the lines (no products to choose from, no lines yet). */
  children?: ReactNode;
}) {
  const id = useId();
  const change = (key: number, patch: Partial<ProductLine>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
    onEdit?.();
  };
  return (
    <fieldset className="filter-form__group">
      <legend>{texts.legend}</legend>
      {children}
      {lines.map((line, index) => {
        const name = options.find((option) => String(option.id) === line.productId)?.name ?? String(index + 1);
        return (
          <div key={line.key} className="product-lines__line">
            <div className="field">
              <label htmlFor={`${id}-p${line.key}`}>{texts.product}</label>
              <select id={`${id}-p${line.key}`} value={line.productId} onChange={(e) => change(line.key, { productId: e.target.value })}>
                <option value="">{texts.chooseProduct}</option>
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name} ({option.unit})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-q${line.key}`}>{texts.quantity}</label>
              <input
                id={`${id}-q${line.key}`}
                inputMode="decimal"
                autoComplete="off"
                value={line.quantity}
                onChange={(e) => change(line.key, { quantity: e.target.value })}
              />
            </div>
            <button
              type="button"
              className="outline-button"
              aria-label={texts.remove(name)}
              disabled={keepOne && lines.length === 1}
              onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
            >
              ×
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="outline-button"
        // Keys only need to differ from the lines on screen: one past the largest does.
        onClick={() => setLines((current) => [...current, emptyLine(Math.max(-1, ...current.map((line) => line.key)) + 1)])}
      >
        {texts.add}
      </button>
    </fieldset>
  );
}
