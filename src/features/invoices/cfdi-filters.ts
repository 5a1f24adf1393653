import { dateBetween, stored, type DateRange } from '../../../domain/office-list';
import { CFDI_KINDS, CFDI_STATUSES, type CfdiDocument } from '../../../domain/schemas/invoicing';

/** What the comprobantes' filter drawer holds (kept until cleared) and its query of GET /api/v2/cfdi. */
export interface CfdiFilters {
  date: DateRange | null;
  kind: CfdiDocument['kind'] | '';
  status: CfdiDocument['status'] | '';
  company: string;
  uuid: string;
}

export const EMPTY_CFDI_FILTERS: CfdiFilters = { date: null, kind: '', status: '', company: '', uuid: '' };

export function parseStoredCfdiFilters(raw: string | null): CfdiFilters | null {
  const value = stored.object(raw);
  if (!value) return null;
  return {
    date: stored.dateRange(value.date),
    kind: stored.oneOf(value.kind, CFDI_KINDS),
    status: stored.oneOf(value.status, CFDI_STATUSES),
    company: stored.text(value.company).slice(0, 100),
    uuid: stored.text(value.uuid).slice(0, 36),
  };
}

export function cfdiFilterParams(filters: CfdiFilters): URLSearchParams {
  const params = new URLSearchParams();
  const range = dateBetween(filters.date);
  if (range) params.set('filter[date_between]', range);
  if (filters.kind) params.set('filter[kind]', filters.kind);
  if (filters.status) params.set('filter[status]', filters.status);
  if (filters.company.trim()) params.set('filter[company]', filters.company.trim());
  if (filters.uuid.trim()) params.set('filter[uuid]', filters.uuid.trim());
  return params;
}
