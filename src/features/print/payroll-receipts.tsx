import { useMemo, type CSSProperties } from 'react';
import type { BusinessIdentity } from '../../../domain/deployment';
import type { Slip, SlipSheetModel } from '../../../domain/documents/document';
import { payrollPrintDataSchema, payrollReceiptsDocument } from '../../../domain/documents/payroll-receipts';
import { payrollMessages } from '../../../domain/messages/payroll';
import type { PayrollRow } from '../../../domain/schemas/payroll';
import { useDeployment } from '../../ui/deployment';
import { PdfPrintTools } from './pdf-print-tools';
import type { PrintViewProps } from './print-view';
import './payroll-receipts.css';

const text = payrollMessages.receipt;

/**
 * Payroll receipts (spec §2 print views: 'Recibo', four per page; print job kind 'payroll'):
 * the stored receipts as slips, four to a sheet with a cutting line between them, the same
 * model the PDF draws. 'Descargar PDF', 'Imprimir' (then the job is cleared and the window
 * closes) and 'Cerrar' never reach the paper.
 */
export default function PayrollReceipts({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = payrollPrintDataSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  return <ReceiptsWithIdentity receipts={parsed.data.receipts} onDone={onDone} />;
}

function ReceiptsWithIdentity({ receipts, onDone }: { receipts: PayrollRow[]; onDone: () => void }) {
  const { identity } = useDeployment();
  return <PayrollReceiptsScreen receipts={receipts} identity={identity} onDone={onDone} />;
}

export function PayrollReceiptsScreen({
  receipts,
  identity,
  onDone,
}: {
  receipts: PayrollRow[];
  identity: BusinessIdentity;
  onDone: () => void;
}) {
  const model = useMemo(() => payrollReceiptsDocument(receipts, identity), [receipts, identity]);
  return (
    <main className="slip-print">
      <PdfPrintTools model={model} texts={text} onDone={onDone} className="slip-print__tools" />
      <SlipSheets model={model} />
    </main>
  );
}

/** The slips in sheets of `perPage`: each sheet one printed page. */
export function SlipSheets({ model }: { model: SlipSheetModel }) {
  const sheets: Slip[][] = [];
  for (let i = 0; i < model.slips.length; i += model.perPage) sheets.push(model.slips.slice(i, i + model.perPage));
  return (
    <div className="slip-sheets" style={{ '--doc-accent': model.brand.color, '--slips-per-page': model.perPage } as CSSProperties}>
      {sheets.map((slips, index) => (
        <section key={index} className="slip-sheet" aria-label={model.pageLabel(index + 1, sheets.length)}>
          {slips.map((slip, n) => (
            <SlipView key={n} slip={slip} brand={model.brand.name} />
          ))}
        </section>
      ))}
    </div>
  );
}

function SlipView({ slip, brand }: { slip: Slip; brand: string }) {
  return (
    <article className="slip">
      <header className="slip__top">
        <div>
          <p className="slip__brand">{brand}</p>
          <p className="slip__issuer">{slip.issuer}</p>
        </div>
        <div className="slip__title">
          <h2>{slip.title}</h2>
          <p>
            {slip.date.label}: {slip.date.value}
          </p>
        </div>
      </header>
      <div className="slip__body">
        <div>
          <dl className="slip__facts">
            {slip.facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}:</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
          <p className="slip__total">
            {slip.total.label}: {slip.total.value}
          </p>
          <p className="slip__statement">{slip.statement}</p>
        </div>
        {slip.columns.map((column, index) => (
          <section key={column.title} className="slip__column">
            <h3>{column.title}</h3>
            <dl>
              {column.rows.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
              <div className="slip__subtotal">
                <dt>{column.subtotal.label}</dt>
                <dd>{column.subtotal.value}</dd>
              </div>
            </dl>
            {index === slip.columns.length - 1 && (
              <div className="slip__signature">
                <p>{slip.signer}</p>
                <p className="slip__caption">{slip.signature}</p>
              </div>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
