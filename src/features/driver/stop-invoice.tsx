import { useId, useState } from 'react';
import { deliveryInvoiceMessages } from '../../../domain/messages/delivery-invoice';
import { apiDownload, getErrorMessage, NetworkError } from '../../lib/api';
import { useSyncStatus } from '../../sync/sync-context';

const text = deliveryInvoiceMessages;

/**
 * A delivery's `invoice` is a CFDI's UUID once its sale is stamped (issue 45; the stamping queue
 * and migration 0045 write it); before that it may hold a folio typed by hand, which has no PDF.
 */
const CFDI_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isCfdiUuid = (invoice: string | null | undefined): invoice is string => invoice != null && CFDI_UUID.test(invoice.trim());

/**
 * What the driver reads when the PDF could not be had: without signal, the offline note (the PDF
 * is drawn by the server; the route's pull does not carry it); a refusal, in the server's words
 * (the invoice was cancelled since the route was pulled, say).
 */
export const invoiceFailure = (error: unknown): string => (error instanceof NetworkError ? text.offline : getErrorMessage(error));

/** Downloads the stop's invoice PDF with the session's token, saved under the name the server gives it. */
export const openDeliveryInvoice = (detailId: number, uuid: string) =>
  apiDownload(`/api/v2/shipping_details/${detailId}/cfdi/pdf`, text.fileName(uuid));

/**
 * 'Factura (PDF)' of a stop: the button, disabled while the PDF downloads or while there is no
 * signal, and beside it why it is not opening.
 */
export function StopInvoiceView({
  saleFolio,
  online,
  opening,
  error,
  onOpen,
}: {
  saleFolio: string;
  online: boolean;
  opening: boolean;
  error: string | null;
  onOpen: () => void;
}) {
  const noteId = useId();
  const note = online ? error : text.offline;
  return (
    <div className="stop__invoice">
      <button
        type="button"
        className="touch-button"
        aria-label={text.openFor(saleFolio)}
        aria-describedby={note ? noteId : undefined}
        disabled={!online || opening}
        onClick={onOpen}
      >
        {opening ? text.opening : text.open}
      </button>
      {note && (
        <p id={noteId} role={error ? 'alert' : undefined} className="stop__invoice-note">
          {note}
        </p>
      )}
    </div>
  );
}

/** The stop's invoice, when its sale has a stamped CFDI (its UUID on the delivery); nothing otherwise. */
export function StopInvoice({ detailId, invoice, saleFolio }: { detailId: number; invoice: string | null; saleFolio: string }) {
  const { online } = useSyncStatus();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!isCfdiUuid(invoice)) return null;
  const open = async () => {
    setOpening(true);
    setError(null);
    try {
      await openDeliveryInvoice(detailId, invoice.trim());
    } catch (failure) {
      setError(invoiceFailure(failure));
    } finally {
      setOpening(false);
    }
  };
  return <StopInvoiceView saleFolio={saleFolio} online={online} opening={opening} error={error} onOpen={() => void open()} />;
}
