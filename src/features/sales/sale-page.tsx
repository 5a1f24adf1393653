import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { defaultQuotationLayout, partyRentalSentences } from '../../../domain/documents/quotation-document';
import { formatKg, formatMoment, formatMoney, formatQuantity } from '../../../domain/format';
import { salesMessages } from '../../../domain/messages/sales';
import { hasPermission } from '../../../domain/permissions';
import { deliveryStatus, timelineColour } from '../../../domain/rules/delivery-status';
import { quotationFolio } from '../../../domain/sales';
import { driverMessages } from '../../../domain/messages/driver';
import { quotationCancelSchema as saleCancelSchema, saleDetailAnswerSchema, type SaleDetail } from '../../../domain/schemas/quotations';
import type { SaleTicket } from '../../../domain/schemas/ticket';
import { monterreyMinute } from '../../../domain/time';
import { useShell } from '../../ui/shell-context';
import { Fact, PageSection } from '../../ui/record-page';
import { RecordScreen, retryUnlessNotFound, useRecordId } from '../../ui/record-screen';
import { openPrintWindow } from '../../lib/session-store';
import { printQuotation, printSale } from '../../ui/print-documents';
import { AppLink } from '../../ui/app-link';
import { formatDay } from '../../ui/calendar/calendar-days';
import { saleDetailQueryOptions, saleQueryKeys } from './sale-queries';
import { ReasonDialog } from '../../ui/reason-dialog';
import { printSaleReturn, SaleReturnDialog, SaleReturnsList, saleReturnsKey, useSaleReturns } from './sale-returns';
import { useToast } from '../../ui/toast';
import { apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import './sales.css';
import { EvidenceLink } from '../../ui/evidence-link';
import { rentalMessages } from '../../../domain/messages/rentals';
import { notesMessages } from '../../../domain/messages/notes';
import { RecordNotes } from '../../ui/notes/notes-kit';
import { RentalPickupDialog, RentalPickupFacts, rentalPickupKey, useRentalPickup } from './rental-pickup';
import { fillsOrders } from '../../../domain/deployment';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { SaleInvoices } from './sale-invoices';
import { offlineSaleMessages } from '../../../domain/messages/offline-sales';

const text = salesMessages.page;
const fix = salesMessages.corrections;
const ORDER_TONE = { nuevo: 'warning', en_produccion: 'warning', surtido: 'success' } as const;

/** `/sales/{sale_id}`: one sale followed from its items to its delivery and its collections. */
export default function SalePage() {
  const { user, deployment } = useShell();
  // The event-rental business prints a sale as its party-rental quotation, with the terms of §9.
  const rental = defaultQuotationLayout(deployment.id) === 'rental';
  const id = useRecordId('sale_id');
  const sale = useQuery({
    ...saleDetailQueryOptions(id ?? 0),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const [notify, toast] = useToast();
  const [canceling, setCanceling] = useState(false);
  const [returning, setReturning] = useState(false);
  const record = sale.data;
  const returns = useSaleReturns(record);
  const rentsGoods = deployment.flags.rentsGoods;
  const pickup = useRentalPickup(record, rentsGoods);
  const [pickingUp, setPickingUp] = useState(false);
  // What the server allows (it refuses the rest): editing while the order is not filled, cancelling once.
  const open = record !== undefined && record.kind === 'sale' && record.canceled_at === null;
  const canEdit = open && hasPermission(user, 'sales') && record.order?.status !== 'surtido';
  const canCancel = open && hasPermission(user, 'cancelations');
  // What was filled can come back in part: a return while something is left to return.
  const canReturn = canCancel && record.order?.status === 'surtido' && returns.data !== undefined;
  const folio = driverMessages.saleFolio(id ?? 0);
  // The warehouse counts a rental back once it is on a pick-up route (the server refuses otherwise).
  const canRecordPickup =
    open &&
    pickup.data?.data === null &&
    pickup.data.pickup_shipping_id !== null &&
    (hasPermission(user, 'editShippingDetails') || hasPermission(user, 'orders'));

  return (
    <RecordScreen
      id={id}
      query={sale}
      title={(found) => (found ? saleTitle(found) : text.title(id ?? 0))}
      notFound={{ message: text.notFound, back: { href: '/sales', label: text.backToList } }}
      overlays={
        <>
          {canceling && record && (
            <ReasonDialog
              text={{
                title: fix.cancelTitle(folio),
                reasonLabel: fix.cancelReason,
                hint: fix.cancelWarning,
                submit: fix.cancel,
                submitting: fix.canceling,
              }}
              schema={saleCancelSchema}
              onSubmit={async (body) => {
                const { data } = await apiRequest(`/api/v2/sales/${record.id}/cancel`, {
                  method: 'POST',
                  body,
                  schema: saleDetailAnswerSchema,
                  idempotencyKey: keys.keyFor('cancel', body),
                });
                keys.done('cancel');
                queryClient.setQueryData(saleQueryKeys.detail(data.id), data);
                void queryClient.invalidateQueries({ queryKey: ['sales'] });
                notify(fix.canceledOk(folio), 'success');
              }}
              onClose={() => setCanceling(false)}
            />
          )}
          {returning && record && returns.data && (
            <SaleReturnDialog
              sale={record}
              returns={returns.data}
              onSaved={(saved) => {
                void queryClient.invalidateQueries({ queryKey: saleReturnsKey(record.id) });
                void queryClient.invalidateQueries({ queryKey: saleQueryKeys.detail(record.id) });
                notify(fix.returnSaved(fix.returnFolio(saved.id)), 'success');
                printSaleReturn(saved);
              }}
              onClose={() => setReturning(false)}
            />
          )}
          {pickingUp && record && pickup.data && (
            <RentalPickupDialog
              saleId={record.id}
              pieces={pickup.data.pieces}
              onSaved={(saved) => {
                queryClient.setQueryData(rentalPickupKey(record.id), saved);
                void queryClient.invalidateQueries({ queryKey: saleQueryKeys.detail(record.id) });
                notify(rentalMessages.pickupSaved, 'success');
              }}
              onClose={() => setPickingUp(false)}
            />
          )}
          {toast}
        </>
      }
    >
      {(found) => (
        <SaleView
          sale={found}
          routeLinks={hasPermission(user, 'shippings')}
          showOrder={fillsOrders(deployment)}
          onPrintTicket={() => openPrintWindow({ kind: 'ticket', data: saleTicketOf(found, new Date()) })}
          onPrintRental={rental ? () => printQuotation(found, 'rental') : undefined}
          corrections={
            (canEdit || canCancel) && (
              <>
                {canEdit && (
                  <AppLink href={`/sales/${found.id}/edit`} className="outline-button">
                    {fix.edit}
                  </AppLink>
                )}
                {canReturn && (
                  <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setReturning(true)}>
                    {fix.returnAction}
                  </button>
                )}
                {canCancel && (
                  <button
                    type="button"
                    className="outline-button outline-button--danger"
                    aria-haspopup="dialog"
                    onClick={() => setCanceling(true)}
                  >
                    {fix.cancel}
                  </button>
                )}
              </>
            )
          }
          returns={returns.data && returns.data.length > 0 ? <SaleReturnsList returns={returns.data} /> : undefined}
          notes={<RecordNotes record={{ type: 'sale', id: found.id }} onTaken={(message) => notify(message, 'success')} />}
          invoices={found.kind === 'sale' && hasPermission(user, 'invoices') && <SaleInvoices sale={found} manage notify={notify} />}
          pickup={
            pickup.data &&
            (pickup.data.data !== null || pickup.data.pieces.length > 0) && (
              <>
                <RentalPickupFacts answer={pickup.data} />
                {canRecordPickup && (
                  <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setPickingUp(true)}>
                    {rentalMessages.recordPickup}
                  </button>
                )}
              </>
            )
          }
        />
      )}
    </RecordScreen>
  );
}

export function saleTitle(sale: Pick<SaleDetail, 'id' | 'kind'>): string {
  return sale.kind === 'quotation' ? text.quotationTitle(quotationFolio(sale.id)) : text.title(sale.id);
}

/** The sale ticket of spec §2 as the server priced the sale. */
export function saleTicketOf(sale: SaleDetail, now: Date): SaleTicket {
  return {
    id: sale.id,
    date: sale.date,
    printedAt: monterreyMinute(now),
    company: sale.company.name,
    branch: sale.company_branch?.name ?? null,
    seller: `${sale.user.name} ${sale.user.last}`,
    type: sale.type,
    bar: sale.bar,
    items: sale.items.map((line) => ({
      name: line.name,
      unit: line.unit,
      quantity: line.quantity,
      price: line.price,
      amount: line.amount,
    })),
    subtotal: sale.subtotal,
    iva: sale.iva,
    total: sale.total,
    note: sale.note,
  };
}

/**
 * Everything about one sale, as facts, tables and lists that read on a phone and on a desktop.
 * `routeLinks`: the person may open /shippings, so each delivery links to its route.
 * `onPrintRental`: the business rents for events, so a sale shows the rental terms and prints as a party-rental quotation.
 */
export function SaleView({
  sale,
  onPrintTicket,
  onPrintRental,
  routeLinks = false,
  showOrder = true,
  corrections,
  returns,
  pickup,
  notes,
  invoices,
}: {
  sale: SaleDetail;
  /** 'Editar venta' and 'Cancelar venta', where the person may. */
  corrections?: ReactNode;
  /** The sale's returns (credit notes), once it has any. */
  returns?: ReactNode;
  /** A rental's pick-up: what came back and the deposit, once its goods went out. */
  pickup?: ReactNode;
  /** The notes written on the sale. */
  notes?: ReactNode;
  /** 'Facturación': the sale's fiscal documents and their actions, for a person with 'invoices'. */
  invoices?: ReactNode;
  onPrintTicket: () => void;
  onPrintRental?: () => void;
  routeLinks?: boolean;
  /** The business fills orders: where the sale's order stands. */
  showOrder?: boolean;
}) {
  const isSale = sale.kind === 'sale';
  const rental = isSale && onPrintRental !== undefined;
  return (
    <article className="sale-page">
      <header className="sale-page__header">
        <h1 className="page-heading">{saleTitle(sale)}</h1>
        <p className="sale-page__chips">
          <span className="status-chip status-chip--neutral">{sale.type}</span>
          {sale.bar && <span className="status-chip status-chip--neutral">{text.counter}</span>}
          {sale.order && showOrder && (
            <span className={`status-chip status-chip--${ORDER_TONE[sale.order.status]}`}>
              {text.order}: {salesMessages.orderStatus[sale.order.status]}
            </span>
          )}
          {sale.canceled_at !== null && <span className="status-chip status-chip--danger">{text.canceled}</span>}
          {sale.offline && (
            <span className={`status-chip status-chip--${sale.offline.warnings.length > 0 ? 'warning' : 'neutral'}`}>
              {offlineSaleMessages.page.chip}
            </span>
          )}
        </p>
        {isSale && (
          <p className="sale-page__actions">
            <button type="button" className="outline-button" onClick={onPrintTicket}>
              {text.printTicket}
            </button>
            <button type="button" className="outline-button" onClick={() => printSale(sale)}>
              {text.printSale}
            </button>
            {rental && (
              <button type="button" className="outline-button" onClick={onPrintRental}>
                {text.printRental}
              </button>
            )}
            {corrections}
          </p>
        )}
      </header>
      {sale.canceled_at !== null && (
        <p className="sale-page__canceled">{text.canceledBecause(formatMoment(sale.canceled_at), sale.cancel_reason ?? '—')}</p>
      )}
      {sale.offline && <OfflineArrival offline={sale.offline} />}

      <div className="sale-page__grid">
        <Section title={text.summary}>
          <dl className="facts">
            <Fact label={text.company}>{sale.company.name}</Fact>
            <Fact label={text.legalName}>
              {sale.company.razon_social}
              {sale.company.rfc ? ` · ${sale.company.rfc}` : ''}
            </Fact>
            {sale.company_branch && (
              <Fact label={text.branch}>
                {sale.company_branch.name}
                {sale.company_branch.address ? ` · ${sale.company_branch.address}` : ''}
              </Fact>
            )}
            {sale.contact && (
              <Fact label={text.contact}>
                {[`${sale.contact.name} ${sale.contact.last}`, sale.contact.phone, sale.contact.email].filter(Boolean).join(' · ')}
              </Fact>
            )}
            <Fact label={text.seller}>
              {sale.user.name} {sale.user.last} · {sale.user.email}
            </Fact>
            <Fact label={text.date}>{formatDay(sale.date)}</Fact>
            {sale.due_date && <Fact label={text.dueDate}>{formatDay(sale.due_date)}</Fact>}
            <Fact label={text.createdAt}>{formatMoment(sale.created_at)}</Fact>
            <Fact label={text.updatedAt}>{formatMoment(sale.updated_at)}</Fact>
            {sale.purchase_order && <Fact label={text.purchaseOrder}>{sale.purchase_order}</Fact>}
            {isSale && sale.quotation_id !== null && <Fact label={text.fromQuotation}>{quotationFolio(sale.quotation_id)}</Fact>}
            {!isSale && sale.sale_id !== null && (
              <Fact label={text.madeIntoSale}>
                <AppLink href={`/sales/${sale.sale_id}`}>{text.title(sale.sale_id)}</AppLink>
              </Fact>
            )}
            {sale.note && <Fact label={text.note}>{sale.note}</Fact>}
            {sale.internal_note && <Fact label={text.internalNote}>{sale.internal_note}</Fact>}
          </dl>
        </Section>

        {isSale && (
          <Section title={text.payment}>
            <dl className="facts">
              <Fact label={text.paymentStatus}>{sale.payment_status}</Fact>
              <Fact label={text.total}>{formatMoney(sale.total)}</Fact>
              {sale.returned > 0 && <Fact label={text.returned}>{formatMoney(sale.returned)}</Fact>}
              <Fact label={text.dueBalance}>{formatMoney(sale.due_balance)}</Fact>
            </dl>
            {returns && (
              <>
                <h3 className="sale-page__subheading">{fix.returnsTitle}</h3>
                {returns}
              </>
            )}
            {sale.order && showOrder && (
              <>
                <h3 className="sale-page__subheading">{text.order}</h3>
                <dl className="facts">
                  <Fact label={text.orderStatus}>{salesMessages.orderStatus[sale.order.status]}</Fact>
                  {sale.order.dispatched_at && <Fact label={text.dispatchedAt}>{formatMoment(sale.order.dispatched_at)}</Fact>}
                </dl>
              </>
            )}
          </Section>
        )}
        {rental && (
          <Section title={text.rentalTerms}>
            <ul className="sale-page__terms">
              {partyRentalSentences(sale).map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
          </Section>
        )}
      </div>

      {invoices && <Section title={invoicingScreenMessages.sale.title}>{invoices}</Section>}
      {pickup && <Section title={rentalMessages.pickupTitle}>{pickup}</Section>}
      {notes && <Section title={notesMessages.onRecord}>{notes}</Section>}

      <Section title={text.items}>
        <div className="table-scroll">
          <table className="cart-table">
            <thead>
              <tr>
                <th scope="col">{text.product}</th>
                <th scope="col" className="numeric">
                  {text.quantity}
                </th>
                <th scope="col">{text.unit}</th>
                <th scope="col" className="numeric">
                  {text.price}
                </th>
                <th scope="col" className="numeric">
                  {text.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {sale.items.map((line) => (
                <tr key={line.id}>
                  <th scope="row">{line.name}</th>
                  <td className="numeric">{formatQuantity(line.quantity)}</td>
                  <td>{line.unit}</td>
                  <td className="numeric">{formatMoney(line.price)}</td>
                  <td className="numeric">{formatMoney(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="cart-totals">
          <dt>{text.subtotal}</dt>
          <dd>{formatMoney(sale.subtotal)}</dd>
          <dt>{text.iva}</dt>
          <dd>{formatMoney(sale.iva)}</dd>
          <dt>{text.total}</dt>
          <dd>{formatMoney(sale.total)}</dd>
          <dt>{text.weight}</dt>
          <dd>{formatKg(sale.sale_weight)}</dd>
        </dl>
      </Section>

      {isSale && (
        <Section title={text.deliveries}>
          {sale.shipping_details.length === 0 ? (
            <p className="empty-state">{text.noDeliveries}</p>
          ) : (
            <ul className="sale-page__cards">
              {sale.shipping_details.map((delivery) => {
                const status = deliveryStatus(delivery);
                return (
                  <li key={delivery.id} className="sale-page__card">
                    <p className="sale-page__card-title">
                      {routeLinks ? (
                        <AppLink href={`/shippings/${delivery.shipping_id}`}>{text.shipping(delivery.shipping_id)}</AppLink>
                      ) : (
                        <span>{text.shipping(delivery.shipping_id)}</span>
                      )}
                      <span className={`status-chip status-chip--${timelineColour(delivery)}`}>{status}</span>
                    </p>
                    <dl className="facts">
                      <Fact label={text.shippingDate}>{formatDay(delivery.shipping_date)}</Fact>
                      {delivery.delivered_at && <Fact label={text.deliveredAt}>{delivery.delivered_at}</Fact>}
                      {status === 'No Entregado' && delivery.delivery_rejection_comment && (
                        <Fact label={text.rejection}>
                          <span className="rejection-reason">{delivery.delivery_rejection_comment}</span>
                        </Fact>
                      )}
                      {delivery.pdf && (
                        <Fact label={text.evidence}>
                          <EvidenceLink name={delivery.pdf}>{delivery.pdf}</EvidenceLink>
                        </Fact>
                      )}
                    </dl>
                  </li>
                );
              })}
            </ul>
          )}
        </Section>
      )}

      {isSale && (
        <Section title={text.collections}>
          {sale.collections.length === 0 ? (
            <p className="empty-state">{text.noCollections}</p>
          ) : (
            <ul className="sale-page__cards">
              {sale.collections.map((collection) => (
                <li key={collection.id} className="sale-page__card">
                  <dl className="facts">
                    <Fact label={text.collectionDate}>{formatDay(collection.date)}</Fact>
                    <Fact label={text.collectionAmount}>{formatMoney(collection.amount)}</Fact>
                    {collection.payment_method && <Fact label={text.paymentMethod}>{collection.payment_method}</Fact>}
                    {collection.reference && <Fact label={text.reference}>{collection.reference}</Fact>}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
    </article>
  );
}

const offlineText = offlineSaleMessages.page;

/**
 * A sale made on a device without a connection (issue 46): its provisional folio, when the
 * device made it (Monterrey time) and what the server found when it arrived, as warnings.
 */
function OfflineArrival({ offline }: { offline: NonNullable<SaleDetail['offline']> }) {
  return (
    <Section title={offlineText.title}>
      <dl className="facts">
        <Fact label={offlineText.provisional}>{offline.provisional}</Fact>
        <Fact label={offlineText.madeAt}>{formatMoment(offline.made_at)}</Fact>
        {offline.device_total !== null && <Fact label={offlineText.deviceTotal}>{formatMoney(offline.device_total)}</Fact>}
      </dl>
      {offline.warnings.length === 0 ? (
        <p className="empty-state">{offlineText.noWarnings}</p>
      ) : (
        <>
          <h3 className="sale-page__subheading">{offlineText.warnings}</h3>
          <ul className="sale-page__offline-warnings">
            {offline.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageSection title={title} className="sale-page__section">
      {children}
    </PageSection>
  );
}
