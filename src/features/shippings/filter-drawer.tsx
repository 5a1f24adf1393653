import { useId, useState } from 'react';
import { useSettled } from '../../lib/use-settled';
import { CheckList, FilterDrawer as ListFilterDrawer, TextField } from '../../ui/office-list/filter-drawer';
import { shippingsMessages } from '../../../domain/messages/shippings';
import type { ShippingFilters } from '../../../domain/shipping-list';
import { useCompanySearch } from '../../ui/company-search';
import { useDrivers, useVehicles } from './queries';
import { Field } from '../../ui/form-fields';

const text = shippingsMessages;

/**
 * The filter side drawer (spec §2): Fecha (a range, counted only with both dates), Folio,
 * Empresa(s) o Cliente (several, searched on the server), Chofer and Unidad (several),
 * Folio de Venta, Notas; Limpiar, Filtrar, and Enter filters.
 */
export function FilterDrawer({
  filters,
  onApply,
  onClear,
  onClose,
}: {
  filters: ShippingFilters;
  onApply: (filters: ShippingFilters) => void;
  /** Clears what is kept; answers the filters that apply then (today's, where the deployment opens on today). */
  onClear: () => ShippingFilters;
  onClose: () => void;
}) {
  const drivers = useDrivers('filter');
  const vehicles = useVehicles();
  return (
    <ListFilterDrawer title={text.filterTitle} filters={filters} onApply={onApply} onClear={onClear} onClose={onClose}>
      {(draft, set) => (
        <>
          <TextField label={text.folio} numeric value={draft.id} onChange={(id) => set({ id })} />
          <CompanyPicker chosen={draft.companies} onChange={(companies) => set({ companies })} />
          <CheckList
            legend={text.drivers}
            options={(drivers.data ?? []).map((d) => ({ id: d.id, label: `${d.name} ${d.last}` }))}
            chosen={draft.driverIds}
            onChange={(driverIds) => set({ driverIds })}
          />
          <CheckList
            legend={text.vehicles}
            options={(vehicles.data ?? []).map((v) => ({ id: v.id, label: v.name }))}
            chosen={draft.vehicleIds}
            onChange={(vehicleIds) => set({ vehicleIds })}
          />
          <TextField label={text.saleFolio} numeric value={draft.saleId} onChange={(saleId) => set({ saleId })} />
          <TextField label={text.notes} value={draft.note} onChange={(note) => set({ note })} />
        </>
      )}
    </ListFilterDrawer>
  );
}

/** Several companies, found by name on the server as the person types. */
function CompanyPicker({
  chosen,
  onChange,
}: {
  chosen: { id: number; name: string }[];
  onChange: (companies: { id: number; name: string }[]) => void;
}) {
  const [search, setSearch] = useState('');
  const results = useCompanySearch(useSettled(search));
  const id = useId();
  const chosenIds = new Set(chosen.map((c) => c.id));
  return (
    <fieldset className="filter-form__group">
      <legend>{text.companies}</legend>
      {chosen.length > 0 && (
        <ul className="chip-list">
          {chosen.map((company) => (
            <li key={company.id}>
              <span>{company.name}</span>
              <button
                type="button"
                aria-label={text.removeCompany(company.name)}
                onClick={() => onChange(chosen.filter((c) => c.id !== company.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field id={id} label={text.companySearch}>
        <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      {search.trim().length >= 2 && (
        <div className="check-list" aria-busy={results.isFetching}>
          {results.isFetching && !results.data && <p role="status">{text.searching}</p>}
          {results.data?.length === 0 && <p>{text.noCompanies}</p>}
          {results.data?.map((company) => (
            <label key={company.id} className="check-list__option">
              <input
                type="checkbox"
                checked={chosenIds.has(company.id)}
                onChange={() =>
                  onChange(
                    chosenIds.has(company.id)
                      ? chosen.filter((c) => c.id !== company.id)
                      : [...chosen, { id: company.id, name: company.name }],
                  )
                }
              />
              {company.name}
              {company.razon_social && company.razon_social !== company.name ? ` · ${company.razon_social}` : ''}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
