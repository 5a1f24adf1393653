import { useQuery } from '@tanstack/react-query';
import { formatQuantity } from '../../../domain/format';
import { partialDeliveryMessages } from '../../../domain/messages/partial-delivery';
import { salesMessages } from '../../../domain/messages/sales';
import type { SaleReturn } from '../../../domain/schemas/sale-returns';
import type { ShippingDetailSummary } from '../../../domain/schemas/shipping';
import { useFilePass } from '../../ui/evidence-link';
import { printSaleReturn, saleReturnsQueryOptions } from '../../ui/sale-return-queries';

const text = partialDeliveryMessages;

/** Where a stored evidence file opens in another tab: with the file pass, since a tab sends no token. */
export const evidenceHref = (name: string, pass: string) => `/files/${encodeURIComponent(name)}?pass=${encodeURIComponent(pass)}`;

/**
 * What a completed stop received (issue 47), as the office's route panel shows it: 'Entrega
 * parcial' with each line that came back and why, and its credit note; who received it and their
 * signature. `saleReturn` is the stop's return once read (undefined while it loads, or for people
 * who may not read returns); `pass` opens the signature, null until the file pass is here.
 */
export function DeliveryReceiptView({
  detail,
  saleReturn,
  loadingReturn,
  pass,
}: {
  detail: ShippingDetailSummary;
  saleReturn: SaleReturn | undefined;
  loadingReturn: boolean;
  pass: string | null;
}) {
  if (!detail.completed) return null;
  const receivedBy = detail.received_by ?? null;
  const signature = detail.signature ?? null;
  if (!detail.partial && receivedBy === null && signature === null) return null;
  return (
    <div className="delivery-receipt">
      {detail.partial && (
        <div className="delivery-receipt__partial">
          <strong>{text.partial}</strong>
          {saleReturn ? (
            <>
              <ul>
                {saleReturn.lines.map((line) => (
                  <li key={line.item_id}>{text.returnedLine(line.name, formatQuantity(line.quantity), line.unit, line.reason ?? null)}</li>
                ))}
              </ul>
              <button type="button" className="outline-button" onClick={() => printSaleReturn(saleReturn)}>
                {text.creditNote(salesMessages.corrections.returnFolio(saleReturn.id))}
              </button>
            </>
          ) : (
            loadingReturn && <p className="detail-panel__loading">{text.returnedLoading}</p>
          )}
        </div>
      )}
      {receivedBy !== null && <p className="delivery-receipt__receiver">{text.receivedBy(receivedBy)}</p>}
      {signature !== null &&
        (pass === null ? (
          <span>{text.signature}</span>
        ) : (
          <a href={evidenceHref(signature, pass)} target="_blank" rel="noopener noreferrer" className="delivery-receipt__signature">
            <img src={evidenceHref(signature, pass)} alt={text.signatureAlt(receivedBy)} width={160} height={80} />
          </a>
        ))}
    </div>
  );
}

/**
 * The stop's receipt with its data: the sale's returns are read (once per sale, shared with the
 * sale's page) only for a partial delivery and by people who may read them.
 */
export function DeliveryReceipt({ detail, canReadReturns }: { detail: ShippingDetailSummary; canReadReturns: boolean }) {
  const returnId = detail.return_id ?? null;
  const returns = useQuery({ ...saleReturnsQueryOptions(detail.sale_id), enabled: canReadReturns && detail.partial === true && returnId !== null });
  const pass = useFilePass();
  return (
    <DeliveryReceiptView
      detail={detail}
      saleReturn={returns.data?.find((saleReturn) => saleReturn.id === returnId)}
      loadingReturn={returns.isLoading}
      pass={pass}
    />
  );
}
