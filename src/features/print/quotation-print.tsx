import { useId, useMemo, useState } from 'react';
import type { BusinessIdentity } from '../../../domain/deployment';
import {
  quotationDocument,
  quotationPrintDataSchema,
  type QuotationLayout,
  type QuotationPrintData,
} from '../../../domain/documents/quotation-document';
import { quotationPrintMessages } from '../../../domain/messages/quotation-print';
import { useDeployment, useDocumentTitle } from '../../ui/deployment';
import { DocumentView } from './document-view';
import { usePdfDownload } from '../../ui/download-pdf';
import { PrintActions } from './print-actions';
import type { PrintViewProps } from './print-view';
import { EmailStatusList, QuotationEmailForm } from './quotation-email';
import { useQuotationEmails } from './use-quotation-emails';
import './quotation-print.css';

const text = quotationPrintMessages;

/**
 * The quotation's print view (spec §2): the full, short or party-rental layout of the
 * stored quotation, drawn from the same document model as its PDF. Floating buttons:
 * 'Descargar PDF', 'Imprimir' (then the stored quotation is cleared and the window closes)
 * and, for a quotation, 'Enviar por correo' with the state of each message sent.
 */
export default function QuotationPrint({ data, onDone, onUnreadable }: PrintViewProps) {
  const parsed = quotationPrintDataSchema.safeParse(data);
  if (!parsed.success) return onUnreadable();
  return <QuotationPrintWithIdentity data={parsed.data} onDone={onDone} />;
}

function QuotationPrintWithIdentity({ data, onDone }: { data: QuotationPrintData; onDone: () => void }) {
  const { identity } = useDeployment();
  return <QuotationPrintScreen data={data} identity={identity} onDone={onDone} />;
}

export function QuotationPrintScreen({
  data,
  identity,
  onDone,
}: {
  data: QuotationPrintData;
  identity: BusinessIdentity;
  onDone: () => void;
}) {
  // The short layout is the other choice for any quotation (spec §2: 'a second layout').
  const [layout, setLayout] = useState<QuotationLayout>(data.layout);
  const layouts: QuotationLayout[] = [data.layout === 'rental' ? 'rental' : 'full', 'short'];
  const layoutId = useId();
  const model = useMemo(() => quotationDocument(data.sale, identity, layout), [data.sale, identity, layout]);
  const { drawing, error: pdfError, download } = usePdfDownload(model, text.pdfFailed);
  const [emailOpen, setEmailOpen] = useState(false);
  const canEmail = data.sale.kind === 'quotation';

  useDocumentTitle(model.title);

  return (
    <main className="quotation-print">
      <aside className="quotation-print__tools" aria-label={text.actions}>
        <PrintActions
          onDone={onDone}
          leading={
            <button type="button" className="button-primary" onClick={download} disabled={drawing}>
              {drawing ? text.drawingPdf : text.downloadPdf}
            </button>
          }
          trailing={
            canEmail && (
              <button type="button" onClick={() => setEmailOpen((open) => !open)} aria-expanded={emailOpen}>
                {text.sendEmail}
              </button>
            )
          }
        />
        <div className="field quotation-print__layout">
          <label htmlFor={layoutId}>{text.layout}</label>
          <select
            id={layoutId}
            value={layout}
            onChange={(event) => setLayout(layouts.find((option) => option === event.target.value) ?? layout)}
          >
            {layouts.map((option) => (
              <option key={option} value={option}>
                {text.layouts[option]}
              </option>
            ))}
          </select>
        </div>
        {pdfError && (
          <p className="field__error" role="alert">
            {pdfError}
          </p>
        )}
        {canEmail && (
          <QuotationEmails
            quotationId={data.sale.id}
            defaultTo={data.sale.contact?.email ?? ''}
            open={emailOpen}
            onClose={() => setEmailOpen(false)}
          />
        )}
      </aside>
      <DocumentView model={model} />
    </main>
  );
}

function QuotationEmails({
  quotationId,
  defaultTo,
  open,
  onClose,
}: {
  quotationId: number;
  defaultTo: string;
  open: boolean;
  onClose: () => void;
}) {
  const { emails, loadError, send } = useQuotationEmails(quotationId);
  const [queued, setQueued] = useState(false);
  const sendAndSay = async (to: string[]) => {
    await send(to);
    setQueued(true);
  };
  return (
    <>
      {open && <QuotationEmailForm defaultTo={defaultTo} onSend={sendAndSay} onClose={onClose} />}
      {queued && !open && (
        <p className="quotation-print__notice" role="status">
          {text.emailQueued}
        </p>
      )}
      {loadError && (
        <p className="field__error" role="alert">
          {loadError}
        </p>
      )}
      {emails && <EmailStatusList emails={emails} />}
    </>
  );
}
