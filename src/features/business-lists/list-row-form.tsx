import { useId, useState, type FormEvent } from 'react';
import { businessList, rowInputSchema, type BusinessListName, type ListRow, type RowInput } from '../../../domain/business-lists';
import { businessListMessages as text } from '../../../domain/messages/business-lists';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';
import { getErrorMessage } from '../../lib/api';
import { useBusinessListMutations } from './queries';

interface PhaseDraft {
  key: number;
  id: number | null;
  name: string;
}

let nextPhaseKey = 0;
const phaseDraft = (id: number | null, name: string): PhaseDraft => ({ key: nextPhaseKey++, id, name });

/**
 * A row of a list: its fields as the list declares them (domain/business-lists.ts), and a
 * funnel's phases in order (added, renamed, moved up, taken out). Errors show under each field.
 */
export function ListRowForm({
  list,
  row,
  onSaved,
  onCancel,
}: {
  list: BusinessListName;
  row?: ListRow;
  onSaved: (row: ListRow) => void;
  onCancel: () => void;
}) {
  const definition = businessList(list);
  const formId = useId();
  const idOf = (key: string) => `${formId}-${key}`;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(definition.fields.map((field) => [field.key, String(row?.[field.key] ?? '')])),
  );
  const [phases, setPhases] = useState<PhaseDraft[]>(() =>
    (row?.phases ?? []).filter((phase) => phase.active).map((phase) => phaseDraft(phase.id, phase.name)),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { save } = useBusinessListMutations(list);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, ...(definition.phases && { phases: phases.map(({ id, name }) => ({ id, name })) }) };
    const parsed = rowInputSchema(list).safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors<string>(parsed.error.issues);
      setErrors(found);
      const first = [...definition.fields.map((field) => field.key), 'phases'].find((key) => found[key]);
      if (first) document.getElementById(idOf(first === 'phases' ? 'add-phase' : first))?.focus();
      return;
    }
    setServerError(null);
    save.mutate(
      { id: row?.id ?? null, body: parsed.data as RowInput },
      { onSuccess: onSaved, onError: (error) => setServerError(getErrorMessage(error)) },
    );
  };

  const setPhase = (key: number, change: Partial<PhaseDraft> | null) =>
    setPhases((current) =>
      change === null ? current.filter((p) => p.key !== key) : current.map((p) => (p.key === key ? { ...p, ...change } : p)),
    );
  const moveUp = (index: number) =>
    setPhases((current) =>
      index === 0 ? current : [...current.slice(0, index - 1), current[index]!, current[index - 1]!, ...current.slice(index + 1)],
    );

  return (
    <form onSubmit={submit} className="business-list-form" noValidate>
      {definition.fields.map((field) => (
        <Field key={field.key} id={idOf(field.key)} label={field.label} error={errors[field.key]}>
          <input
            id={idOf(field.key)}
            type={field.kind === 'email' ? 'email' : 'text'}
            autoComplete="off"
            maxLength={field.max}
            value={values[field.key] ?? ''}
            onChange={(event) => {
              setValues((current) => ({ ...current, [field.key]: event.target.value }));
              setErrors((current) => ({ ...current, [field.key]: undefined }));
            }}
            {...describedBy(idOf(field.key), errors[field.key])}
          />
        </Field>
      ))}
      {definition.phases && (
        <fieldset className="business-list__phases">
          <legend>{text.phases}</legend>
          {phases.map((phase, index) => (
            <div key={phase.key} className="business-list__phase">
              <label htmlFor={idOf(`phase-${phase.key}`)} className="visually-hidden">
                {text.phase(index + 1)}
              </label>
              <input
                id={idOf(`phase-${phase.key}`)}
                value={phase.name}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => setPhase(phase.key, { name: event.target.value })}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={text.moveUp(phase.name)}
                disabled={index === 0}
                onClick={() => moveUp(index)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={text.removePhase(phase.name)}
                onClick={() => setPhase(phase.key, null)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          ))}
          <button
            type="button"
            id={idOf('add-phase')}
            className="outline-button"
            onClick={() => setPhases((current) => [...current, phaseDraft(null, '')])}
          >
            {text.addPhase}
          </button>
          {errors.phases && <p className="field-error">{errors.phases}</p>}
        </fieldset>
      )}
      <FormActions serverError={serverError} pending={save.isPending} onCancel={onCancel} labels={text} />
    </form>
  );
}
