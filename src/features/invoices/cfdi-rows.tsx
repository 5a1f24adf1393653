import { formatMoment, formatMoney } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import type { CFDI_SORT_COLUMNS, CfdiDocument } from '../../../domain/schemas/invoicing';
import { AppLink } from '../../ui/app-link';
import { CfdiStatus } from '../../ui/cfdi/cfdi-actions';
import { cfdiFolio, cfdiName } from '../../ui/cfdi/cfdi-documents';
import type { SheetCell } from '../../ui/office-list/export-sheet';
import type { ListColumn } from '../../ui/office-list/list-rows';

const text = invoicingScreenMessages;
const labels = text.document;
export type CfdiSortColumn = (typeof CFDI_SORT_COLUMNS)[number];

export const cfdiRowKey = (row: CfdiDocument) => row.id;
export const cfdiMenuLabel = (row: CfdiDocument) => labels.actionsFor(invoicingMessages.kinds[row.kind], cfdiFolio(row));
/** Who the document was made out to: the customer's name in the app, else the CFDI's receiver. */
const customerOf = (row: CfdiDocument) => row.company_name ?? row.receptor_nombre;

function SaleLink({ row }: { row: CfdiDocument }) {
  if (row.sale_id === null) return <>{text.list.noSale}</>;
  const folio = driverMessages.saleFolio(row.sale_id);
  return <AppLink href={`/sales/${row.sale_id}`}>{folio}</AppLink>;
}

/** /invoices' comprobantes on wide screens; folio, date and total sort on the server. */
export const CFDI_COLUMNS: ListColumn<CfdiDocument, CfdiSortColumn>[] = [
  { key: 'folio', sort: 'folio', label: labels.folio, cell: cfdiFolio, nowrap: true },
  { key: 'kind', label: labels.kind, cell: (row) => invoicingMessages.kinds[row.kind] },
  { key: 'date', sort: 'created_at', label: labels.date, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'customer', label: labels.customer, cell: customerOf },
  { key: 'rfc', label: labels.rfc, cell: (row) => row.receptor_rfc, nowrap: true },
  { key: 'total', sort: 'total', label: labels.total, cell: (row) => formatMoney(row.total), numeric: true },
  { key: 'status', label: labels.status, cell: (row) => <CfdiStatus status={row.status} /> },
  { key: 'uuid', label: labels.uuid, cell: (row) => row.uuid ?? '—' },
  { key: 'sale', label: labels.sale, cell: (row) => <SaleLink row={row} />, nowrap: true },
];

/** A document on a phone: its name and total, who and when, its state and its folio fiscal; ⋮ opens its actions. */
export function CfdiCard({ row, onMenu }: { row: CfdiDocument; onMenu: (row: CfdiDocument) => void }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {cfdiName(row)} · {formatMoney(row.total)}
        </span>
        <span>
          {customerOf(row)} · {row.receptor_rfc}
        </span>
        <span>
          {formatMoment(row.created_at)} · <CfdiStatus status={row.status} /> · <SaleLink row={row} />
        </span>
        {row.uuid && <span className="cfdi-document__uuid">{row.uuid}</span>}
        {row.status === 'error' && row.last_error && <span className="rejection-reason">{row.last_error}</span>}
      </div>
      <button type="button" className="icon-button" aria-label={cfdiMenuLabel(row)} onClick={() => onMenu(row)}>
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}

export function cfdiExportRows(rows: readonly CfdiDocument[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [labels.folio]: cfdiFolio(row),
    [labels.kind]: invoicingMessages.kinds[row.kind],
    [labels.date]: new Date(row.created_at),
    [labels.customer]: customerOf(row),
    [labels.rfc]: row.receptor_rfc,
    [labels.total]: row.total,
    [labels.status]: invoicingMessages.statuses[row.status],
    [labels.uuid]: row.uuid ?? '',
    [labels.sale]: row.sale_id === null ? '' : driverMessages.saleFolio(row.sale_id),
    [labels.error]: row.status === 'error' ? (row.last_error ?? '') : '',
  }));
}
