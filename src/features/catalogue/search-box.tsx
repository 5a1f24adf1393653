import { useEffect, useId, useRef, useState } from 'react';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import { useSettled } from '../../lib/use-settled';

const text = catalogueMessages;

/**
 * The name search of the catalogue lists: one server search per pause in typing, '×' clears
 * it at once. Only a newly settled text applies, so clearing does not bring the text back.
 */
export function SearchBox({ value, onSearch, label = text.search }: { value: string; onSearch: (search: string) => void; label?: string }) {
  const [typed, setTyped] = useState(value);
  const settled = useSettled(typed);
  const id = useId();
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled.trim() !== value.trim()) onSearch(settled);
  }, [settled, value, onSearch]);
  return (
    <div className="catalogue-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={text.searchHint}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {typed !== '' && (
        <button
          type="button"
          className="icon-button"
          aria-label={text.clearSearch}
          onClick={() => {
            setTyped('');
            onSearch('');
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
