import { useId } from 'react';
import { driverDeliveryMessages as text } from '../../../domain/messages/driver-delivery';
import { RETURN_LINE_REASONS } from '../../../domain/schemas/delivery-patch';
import { isReturnReason, type LineAnswer, type PartialLine } from './delivery-evidence';

/**
 * 'Entrega parcial': each of the sale's lines with what the customer accepted ('Aceptado',
 * 0 to what was ordered, the whole by default) and, when less was accepted, why the rest came
 * back. Whether it may be saved is decided on saving (returnedOf), with its Spanish reason.
 */
export function PartialLinesFields({
  lines,
  answers,
  onChange,
}: {
  lines: readonly PartialLine[];
  answers: readonly LineAnswer[];
  onChange: (answers: LineAnswer[]) => void;
}) {
  const prefix = useId();
  const set = (index: number, change: Partial<LineAnswer>) =>
    onChange(answers.map((answer, i) => (i === index ? { ...answer, ...change } : answer)));
  return (
    <ul className="partial-lines">
      {lines.map((line, index) => {
        const answer = answers[index] ?? { accepted: String(line.ordered), reason: '' };
        const accepted = Number(answer.accepted.replace(',', '.'));
        const short = answer.accepted.trim() !== '' && Number.isFinite(accepted) && accepted < line.ordered;
        const ids = { accepted: `${prefix}-accepted-${index}`, reason: `${prefix}-reason-${index}`, ordered: `${prefix}-ordered-${index}` };
        return (
          <li key={index} className="partial-lines__line">
            <span className="partial-lines__name">{line.name}</span>
            <span id={ids.ordered} className="field-hint">
              {text.ordered(line.ordered, line.unit)}
            </span>
            <div className="field">
              <label htmlFor={ids.accepted}>{text.accepted}</label>
              <input
                id={ids.accepted}
                type="number"
                inputMode="decimal"
                min={0}
                max={line.ordered}
                step="any"
                aria-label={text.acceptedOf(line.name)}
                aria-describedby={ids.ordered}
                value={answer.accepted}
                onChange={(event) => set(index, { accepted: event.currentTarget.value })}
              />
            </div>
            {short && (
              <div className="field">
                <label htmlFor={ids.reason}>{text.reason}</label>
                <select
                  id={ids.reason}
                  aria-label={text.reasonOf(line.name)}
                  value={answer.reason}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    set(index, { reason: isReturnReason(value) ? value : '' });
                  }}
                >
                  <option value="">{text.chooseReason}</option>
                  {RETURN_LINE_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {reason}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
