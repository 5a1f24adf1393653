import { useState } from 'react';
import { purchaseOrderDocument, type PurchaseOrderPrintData } from '../../../domain/documents/purchase-order-document';
import { formatCalendarDate, formatMoment, formatMoney, formatQuantity, formatQuantityOf } from '../../../domain/format';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { printMessages } from '../../../domain/messages/shell';
import { hasPermission } from '../../../domain/permissions';
import { balanceOwed, pendingQuantity, purchaseOrderFolio } from '../../../domain/purchasing';
import type { ShoppingDetail } from '../../../domain/schemas/purchasing';
import { useDeployment } from '../../ui/deployment';
import { Dialog } from '../../ui/dialog';
import { AppLink } from '../../ui/app-link';
import { useConfirmSheet } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { RecordScreen, useRecordId } from '../../ui/record-screen';
import { Fact, PageSection } from '../../ui/record-page';
import { useShell } from '../../ui/shell-context';
import { getErrorMessage } from '../../lib/api';
import { openPrintWindow } from '../../lib/session-store';
import { PaymentForm } from './payment-form';
import { providerHref, StatusChip } from './purchasing-rows';
import { usePurchasingMutations, useShopping } from './queries';
import { ReceiveForm, receiveTitle } from './receive-form';
import { ShoppingForm } from './shopping-form';
import '../../ui/office-list/office-list.css';
import './purchasing.css';
import { useScreenChrome } from '../../ui/screen-chrome';

const text = purchasingMessages.order;

/**
 * `/shoppings/{id}`: one purchase order — provider, dates, status, note, total and
 * what was paid — with its lines (ordered, received, pending); 'Recibir' (all or part of what
 * is pending), 'Imprimir' (the purchase order with its conditions), 'Imprimir orden de
 * surtido' (the warehouse's receiving sheet), 'Descargar PDF', and, while nothing has been
 * received, 'Editar' and 'Eliminar'.
 */
export default function ShoppingPage() {
  const { user } = useShell();
  const { navigate } = useScreenChrome();
  const { identity } = useDeployment();
  const id = useRecordId('id');
  const order = useShopping(id);
  const { removeShopping } = usePurchasingMutations();
  const [dialog, setDialog] = useState<'receive' | 'edit' | 'pay' | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [notify, toast] = useToast();
  const data = order.data;
  const folio = id === null ? '' : purchaseOrderFolio(id);
  const deleteSheet = useConfirmSheet((deleting: ShoppingDetail) => ({
    header: text.deleteConfirm(folio),
    confirm: text.delete,
    destructive: true,
    onConfirm: () =>
      removeShopping.mutate(deleting.id, {
        onSuccess: () => navigate('/shopping', 'back'),
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      }),
  }));

  const print = (kind: 'purchaseOrder' | 'shoppingOrder') => {
    if (data && !openPrintWindow({ kind, data: { order: data } satisfies PurchaseOrderPrintData })) notify(printMessages.blocked, 'danger');
  };
  const downloadPdf = async () => {
    if (!data) return;
    setDrawing(true);
    try {
      // The print feature's drawer, loaded (with pdf-lib) only when a PDF is asked for.
      const { downloadDocumentPdf } = await import('../../ui/download-pdf');
      await downloadDocumentPdf(purchaseOrderDocument(data, identity));
    } catch {
      notify(text.pdfFailed, 'danger');
    } finally {
      setDrawing(false);
    }
  };

  return (
    <RecordScreen
      id={id}
      query={order}
      title={() => text.title(folio)}
      notFound={{ message: text.notFound, back: { href: '/shopping', label: text.backToList } }}
      overlays={
        <>
          {data && dialog === 'receive' && (
            <Dialog label={receiveTitle(data)} onClose={() => setDialog(null)}>
              {(close) => (
                <ReceiveForm
                  order={data}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.receivedSaved(folio, purchasingMessages.statuses[saved.status]), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {data && dialog === 'edit' && (
            <Dialog label={purchasingMessages.orderForm.editTitle(folio)} onClose={() => setDialog(null)}>
              {(close) => (
                <ShoppingForm
                  provider={data.provider}
                  order={data}
                  onCancel={close}
                  onSaved={() => {
                    close();
                    notify(purchasingMessages.orderForm.saved(folio), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {data && dialog === 'pay' && (
            <Dialog label={purchasingMessages.payments.formTitle} onClose={() => setDialog(null)}>
              {(close) => (
                <PaymentForm
                  providerId={data.provider_id}
                  orderId={data.id}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(purchasingMessages.payments.saved(formatMoney(saved.amount), saved.provider_name), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {deleteSheet.sheet}
          {toast}
        </>
      }
    >
      {(data) => (
        <article className="purchasing-page">
          <header className="purchasing-page__header">
            <h1 className="page-heading">{text.title(folio)}</h1>
            <StatusChip status={data.status} />
            <div className="purchasing-page__actions">
              {data.status !== 'Recibida' && (
                <button type="button" className="button-primary button-primary--padded" onClick={() => setDialog('receive')}>
                  {text.receive}
                </button>
              )}
              <button type="button" className="outline-button" onClick={() => print('purchaseOrder')}>
                {text.printOrder}
              </button>
              <button type="button" className="outline-button" onClick={() => print('shoppingOrder')}>
                {text.printShoppingOrder}
              </button>
              <button type="button" className="outline-button" onClick={() => void downloadPdf()} disabled={drawing}>
                {drawing ? text.drawingPdf : text.downloadPdf}
              </button>
              {hasPermission(user, 'provider_payments') && balanceOwed(data.total, data.paid) > 0 && (
                <button type="button" className="outline-button" onClick={() => setDialog('pay')}>
                  {text.pay}
                </button>
              )}
              {data.status === 'Pendiente' && (
                <>
                  <button type="button" className="outline-button" onClick={() => setDialog('edit')}>
                    {text.edit}
                  </button>
                  <button type="button" className="outline-button outline-button--danger" onClick={() => deleteSheet.ask(data)}>
                    {text.delete}
                  </button>
                </>
              )}
            </div>
          </header>
          <OrderFacts order={data} />
          <OrderLines order={data} />
        </article>
      )}
    </RecordScreen>
  );
}

function OrderFacts({ order }: { order: ShoppingDetail }) {
  return (
    <dl className="facts purchasing-page__facts">
      <Fact label={text.provider}>
        <AppLink href={providerHref(order.provider_id)}>{order.provider.name}</AppLink>
      </Fact>
      <Fact label={text.created}>{formatMoment(order.created_at)}</Fact>
      <Fact label={text.dueDate}>{formatCalendarDate(order.due_date)}</Fact>
      <Fact label={text.total}>{formatMoney(order.total)}</Fact>
      <Fact label={text.paid}>{formatMoney(order.paid)}</Fact>
      {order.note && <Fact label={text.note}>{order.note}</Fact>}
    </dl>
  );
}

function OrderLines({ order }: { order: ShoppingDetail }) {
  return (
    <PageSection title={text.lines} className="purchasing-page__section">
      <div className="office-list__scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{text.item}</th>
              <th scope="col" className="numeric">
                {text.ordered}
              </th>
              <th scope="col" className="numeric">
                {text.received}
              </th>
              <th scope="col" className="numeric">
                {text.pending}
              </th>
              <th scope="col" className="numeric">
                {text.unitCost}
              </th>
              <th scope="col" className="numeric">
                {text.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((line) => (
              <tr key={line.id}>
                <th scope="row">{line.item_name}</th>
                <td className="numeric">{formatQuantityOf(line.quantity, line.unit)}</td>
                <td className="numeric">{formatQuantity(line.received_quantity)}</td>
                <td className="numeric">{formatQuantity(pendingQuantity(line))}</td>
                <td className="numeric">{formatMoney(line.unit_cost)}</td>
                <td className="numeric">{formatMoney(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PageSection>
  );
}
