import { useId, useState } from 'react';
import { collectionsMessages } from '../../../domain/messages/collections';
import { COMPANY_SEARCH_MIN, useCompanySearch } from '../../ui/company-search';
import { useSettled } from '../../lib/use-settled';
import './collections.css';
import { Field } from '../../ui/form-fields';

const text = collectionsMessages.form;

/** The customer to collect from, found by name or legal name as the sale cart finds it (GET /api/v2/company_p). */
export function CustomerSearch({ onPick }: { onPick: (customer: { id: number; name: string }) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const name = useSettled(search.trim());
  const results = useCompanySearch(name);
  return (
    <div className="customer-picker">
      <Field id={id} label={text.customerSearch}>
        <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      {name.length >= COMPANY_SEARCH_MIN && results.data && (
        <ul className="customer-picker__results" aria-label={text.results}>
          {results.data.length === 0 && <li>{text.noCustomers}</li>}
          {results.data.map((company) => (
            <li key={company.id}>
              <button type="button" className="customer-picker__option" onClick={() => onPick({ id: company.id, name: company.name })}>
                {company.name}
                <span className="customer-picker__detail">{company.razon_social}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
