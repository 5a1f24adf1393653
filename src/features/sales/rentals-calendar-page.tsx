import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { rentalMessages } from '../../../domain/messages/rentals';
import { rentedByDay, type DayPieces } from '../../../domain/rules/rental-pieces';
import { QueryStatus } from '../../ui/query-status';
import { CalendarToolbar, DayGrid, useCalendarRange } from '../../ui/calendar/day-grid';
import '../../ui/calendar/calendar.css';
import { ScreenPage } from '../../ui/screen-chrome';
import { rentalPiecesQueryOptions } from './rental-pieces';
import './sales.css';

const text = rentalMessages;

/**
 * `/rentals/calendar` (event rental): what is out on each day, product by product, against the
 * pieces the business owns; a day that rents more than it has is marked.
 */
export default function RentalsCalendarPage() {
  const calendar = useCalendarRange();
  const { days, view, anchor, today, selected, setSelected } = calendar;
  const pieces = useQuery({ ...rentalPiecesQueryOptions(days[0]!, days.at(-1)!), placeholderData: keepPreviousData });
  const entries = useMemo(
    () =>
      pieces.data
        ? rentedByDay(pieces.data)
            .sort((a, b) => a.name.localeCompare(b.name, 'es'))
            .map((entry) => ({ ...entry, key: `${entry.date}-${entry.item_id}` }))
        : [],
    [pieces.data],
  );

  return (
    <ScreenPage title={text.calendarTitle}>
      <div className="sales-calendar">
        <CalendarToolbar {...calendar.toolbar} />
        {pieces.data ? (
          <DayGrid
            view={view}
            days={days}
            month={anchor.slice(0, 7)}
            today={today}
            selected={selected}
            entries={entries}
            busy={pieces.isPlaceholderData}
            onSelect={setSelected}
            renderEntry={(entry, compact) => <PiecesEntry entry={entry} compact={compact} />}
            texts={{ count: text.piecesCount, empty: text.noRentals }}
          />
        ) : (
          <QueryStatus query={pieces} loading={text.loadingRange} />
        )}
      </div>
    </ScreenPage>
  );
}

/** One product on one day: its name and the pieces rented of those owned. */
function PiecesEntry({ entry, compact }: { entry: DayPieces; compact: boolean }) {
  const over = entry.rented > entry.owned;
  return (
    <span className={`calendar-sale${over ? ' rental-calendar__entry--over' : ''}`}>
      <span className="calendar-sale__company">{entry.name}</span>
      <span className="calendar-sale__total">{text.rentedOfOwned(entry.rented, entry.owned)}</span>
      {over && !compact && <span className="calendar-sale__status">{text.overbooked}</span>}
      {over && compact && <span className="visually-hidden">{text.overbooked}</span>}
    </span>
  );
}
