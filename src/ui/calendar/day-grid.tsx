import { useId, useMemo, useState, type ReactNode } from 'react';
import { salesMessages } from '../../../domain/messages/sales';
import { monterreyDate } from '../../../domain/time';
import { formatLongDay, formatMonth, formatWeek, stepAnchor, visibleDays, WEEKDAYS, type CalendarView } from './calendar-days';
import { useMediaQuery } from '../office-list/use-wide-screen';

const text = salesMessages.calendar;
/** Entries a month cell lists before 'y N más': the day's panel lists them all. */
const MONTH_CELL_ENTRIES = 3;
/** Below it a month's cells show counts only (calendar.css): their entries are not drawn at all. */
const CELL_ENTRIES_QUERY = '(min-width: 720px)';

export interface DayGridProps<E extends { key: string; date: string }> {
  view: CalendarView;
  days: readonly string[];
  /** 'YYYY-MM': days of other months are shown dimmed. */
  month: string;
  today: string;
  selected: string;
  /** In the order each day lists them. */
  entries: readonly E[];
  busy: boolean;
  onSelect: (day: string) => void;
  renderEntry: (entry: E, compact: boolean) => ReactNode;
  texts: {
    /** 'N ventas': starts with the number, which the day's badge shows. */
    count: (count: number) => string;
    empty: string;
    /** Under the chosen day's list (the sales calendar's day total). */
    summary?: (chosen: readonly E[]) => ReactNode;
  };
}

/**
 * The grid of days (7 columns) of a month or a week, with what falls on each day, and the
 * chosen day's entries in full below it: the scheduled sales (/sales/calendar) and the CRM's
 * activities with them (/calendar). A day is a button that chooses it; on a phone the month
 * shows counts and the list below.
 */
export function DayGrid<E extends { key: string; date: string }>({
  view,
  days,
  month,
  today,
  selected,
  entries,
  busy,
  onSelect,
  renderEntry,
  texts,
}: DayGridProps<E>) {
  const byDay = useMemo(() => {
    const grouped = new Map<string, E[]>();
    for (const entry of entries) {
      const day = grouped.get(entry.date);
      if (day) day.push(entry);
      else grouped.set(entry.date, [entry]);
    }
    return grouped;
  }, [entries]);
  const chosen = byDay.get(selected) ?? [];
  const limit = view === 'month' ? MONTH_CELL_ENTRIES : Infinity;
  const cellsListEntries = useMediaQuery(CELL_ENTRIES_QUERY) || view === 'week';
  const panelTitle = useId();

  return (
    <>
      <div className={`calendar-grid calendar-grid--${view}`} aria-busy={busy}>
        {WEEKDAYS.map((weekday) => (
          <div key={weekday.long} className="calendar-grid__weekday" aria-hidden="true">
            {weekday.short}
          </div>
        ))}
        {days.map((day, index) => {
          const dayEntries = byDay.get(day) ?? [];
          const outside = view === 'month' && !day.startsWith(month);
          return (
            <div
              key={day}
              className={`calendar-day${outside ? ' calendar-day--outside' : ''}${day === selected ? ' calendar-day--selected' : ''}`}
            >
              <button
                type="button"
                className="calendar-day__number"
                aria-pressed={day === selected}
                aria-current={day === today ? 'date' : undefined}
                onClick={() => onSelect(day)}
              >
                <span className="calendar-day__weekday" aria-hidden="true">
                  {WEEKDAYS[index % 7]!.short}
                </span>
                <DayName day={day} count={dayEntries.length} countText={texts.count} />
              </button>
              {cellsListEntries && dayEntries.length > 0 && (
                <ul className="calendar-day__sales">
                  {dayEntries.slice(0, limit).map((entry) => (
                    <li key={entry.key}>{renderEntry(entry, view === 'month')}</li>
                  ))}
                  {dayEntries.length > limit && (
                    <li>
                      <button type="button" className="calendar-day__more" onClick={() => onSelect(day)}>
                        {text.more(dayEntries.length - limit)}
                        <span className="visually-hidden">: {text.showDay(formatLongDay(day))}</span>
                      </button>
                    </li>
                  )}
                </ul>
              )}
            </div>
          );
        })}
      </div>

      <section className="calendar-panel" aria-labelledby={panelTitle} aria-live="polite">
        <h2 id={panelTitle} className="section-heading">
          {formatLongDay(selected)}
          {!busy && ` · ${texts.count(chosen.length)}`}
        </h2>
        {/* While another range loads, the day's entries are not known yet: no "empty" meanwhile. */}
        {busy ? (
          <p className="empty-state" role="status">
            {text.loadingRange}
          </p>
        ) : chosen.length === 0 ? (
          <p className="empty-state">{texts.empty}</p>
        ) : (
          <>
            <ul className="calendar-panel__sales">
              {chosen.map((entry) => (
                <li key={entry.key}>{renderEntry(entry, false)}</li>
              ))}
            </ul>
            {texts.summary?.(chosen)}
          </>
        )}
      </section>
    </>
  );
}

/** Back and forward a month or a week, back to today, and the choice of month or week. */
export function CalendarToolbar({
  view,
  anchor,
  onStep,
  onToday,
  onView,
}: {
  view: CalendarView;
  anchor: string;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}) {
  const week = view === 'week';
  return (
    <div className="sales-calendar__toolbar">
      <div className="sales-calendar__nav">
        <button
          type="button"
          className="calendar-button"
          onClick={() => onStep(-1)}
          aria-label={week ? text.previousWeek : text.previousMonth}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="calendar-button" onClick={onToday}>
          {text.today}
        </button>
        <button type="button" className="calendar-button" onClick={() => onStep(1)} aria-label={week ? text.nextWeek : text.nextMonth}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <h1 className="sales-calendar__title" aria-live="polite">
        {week ? formatWeek(anchor) : formatMonth(anchor)}
      </h1>
      <div className="segmented" role="group" aria-label={text.view}>
        {(['month', 'week'] as const).map((option) => (
          <button key={option} type="button" className="segmented__option" aria-pressed={view === option} onClick={() => onView(option)}>
            {option === 'month' ? text.month : text.week}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * What a calendar screen shows: month or week, the day it is anchored on, the chosen day and
 * the visible days; the toolbar's props move them (today in Monterrey).
 */
export function useCalendarRange() {
  const today = monterreyDate(new Date());
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(today);
  const [selected, setSelected] = useState(today);
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const toolbar = {
    view,
    anchor,
    onStep: (direction: -1 | 1) => {
      const next = stepAnchor(view, anchor, direction);
      setAnchor(next);
      setSelected(next);
    },
    onToday: () => {
      setAnchor(today);
      setSelected(today);
    },
    onView: (option: CalendarView) => {
      setView(option);
      // The week shown is the one of the day looked at.
      setAnchor(selected);
    },
  };
  return { today, view, anchor, selected, setSelected, days, toolbar };
}

/**
 * A day's button reads 'martes, 24 de noviembre de 2026: 4 ventas' while it shows '24' and a
 * badge '4': the rest of the name is hidden text around what is shown, not an aria-label, so
 * that what is seen is part of what is heard (WCAG 2.5.3, label in name).
 */
function DayName({ day, count, countText }: { day: string; count: number; countText: (count: number) => string }) {
  const long = formatLongDay(day);
  const number = String(Number(day.slice(8)));
  const at = long.indexOf(number);
  const counted = countText(count);
  const badge = String(count);
  return (
    <>
      <span className="visually-hidden">{long.slice(0, at)}</span>
      {number}
      <span className="visually-hidden">{`${long.slice(at + number.length)}: `}</span>
      {count > 0 ? (
        <span className="calendar-day__count">
          {badge}
          <span className="visually-hidden">{counted.slice(badge.length)}</span>
        </span>
      ) : (
        <span className="visually-hidden">{counted}</span>
      )}
    </>
  );
}
