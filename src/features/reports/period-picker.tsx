import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatCalendarDate } from '../../../domain/format';
import { listMessages } from '../../../domain/messages/office-list';
import { reportScreensMessages } from '../../../domain/messages/report-screens';
import type { DateRange } from '../../../domain/office-list';
import { PERIOD_PRESETS, periodRange, reportRangeError, type Period, type PeriodPreset } from '../../../domain/reports';
import { Field } from '../../ui/form-fields';

const text = reportScreensMessages.period;

/** A report's period and its dates on today's Monterrey calendar. */
export function usePeriod(preset: PeriodPreset): { period: Period; setPeriod: (period: Period) => void; range: DateRange } {
  const [period, setPeriod] = useState<Period>({ preset });
  // Presets are read against the day the screen opened: a report left open overnight keeps its dates.
  const [now] = useState(() => new Date());
  const range = useMemo(() => periodRange(period, now), [period, now]);
  return { period, setPeriod, range };
}

/**
 * The period of a report (spec §9: the current month unless chosen): a preset, or 'Otro
 * periodo' with two dates applied together (Enter applies). Says the dates it covers.
 */
export function PeriodPicker({ period, range, onChange }: { period: Period; range: DateRange; onChange: (period: Period) => void }) {
  const ids = { preset: useId(), from: useId(), to: useId(), error: useId() };
  const [custom, setCustom] = useState(period.preset === 'custom');
  const [from, setFrom] = useState(range[0]);
  const [to, setTo] = useState(range[1]);
  const [error, setError] = useState<string | null>(null);

  const choose = (value: string) => {
    setError(null);
    if (value === 'custom') {
      setCustom(true);
      setFrom(range[0]);
      setTo(range[1]);
      return;
    }
    setCustom(false);
    onChange({ preset: value as PeriodPreset });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = from && to ? reportRangeError(from, to) : listMessages.bothDates;
    setError(problem);
    if (!problem) onChange({ preset: 'custom', range: [from, to] });
  };

  return (
    <form className="period-picker" onSubmit={apply} aria-label={text.legend}>
      <Field id={ids.preset} label={text.preset}>
        <select id={ids.preset} value={custom ? 'custom' : period.preset} onChange={(event) => choose(event.target.value)}>
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {text.presets[preset]}
            </option>
          ))}
          <option value="custom">{text.presets.custom}</option>
        </select>
      </Field>
      {custom && (
        <>
          <Field id={ids.from} label={text.from}>
            <input
              id={ids.from}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </Field>
          <Field id={ids.to} label={text.to}>
            <input
              id={ids.to}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </Field>
          <button type="submit" className="outline-button">
            {text.apply}
          </button>
        </>
      )}
      <p className="period-picker__range" aria-live="polite">
        {text.range(formatCalendarDate(range[0]), formatCalendarDate(range[1]))}
      </p>
      {error && (
        <p id={ids.error} className="field-error period-picker__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
