import { useState } from 'react';
import { formatCalendarDate, formatMoment, formatMoney } from '../../../domain/format';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { hasPermission } from '../../../domain/permissions';
import { purchaseOrderFolio } from '../../../domain/purchasing';
import type { ProviderDetail } from '../../../domain/schemas/purchasing';
import { Dialog } from '../../ui/dialog';
import { AppLink } from '../../ui/app-link';
import { useToast } from '../../ui/toast';
import { RecordScreen, useRecordId } from '../../ui/record-screen';
import { Fact, PageSection } from '../../ui/record-page';
import { useShell } from '../../ui/shell-context';
import { PaymentForm } from './payment-form';
import { ProviderForm } from './provider-form';
import { shoppingHref, StatusChip } from './purchasing-rows';
import { useProvider } from './queries';
import '../../ui/office-list/office-list.css';
import './purchasing.css';

const text = purchasingMessages.providers;
const paymentText = purchasingMessages.payments;
const orderColumns = purchasingMessages.shoppings.columns;

/**
 * `/providers/{id}`: one provider — its data, what it is owed (purchase orders less
 * payments, as the server adds them), its purchase orders with their status and its payments —
 * with 'Editar', 'Nueva compra' and 'Registrar pago'.
 */
export default function ProviderPage() {
  const { user } = useShell();
  const id = useRecordId('id');
  const provider = useProvider(id);
  const [dialog, setDialog] = useState<'edit' | 'pay' | null>(null);
  const [notify, toast] = useToast();
  const data = provider.data;

  return (
    <RecordScreen
      id={id}
      query={provider}
      title={(record) => record?.name ?? text.title}
      notFound={{ message: text.notFound, back: { href: '/providers', label: text.backToList } }}
      overlays={
        <>
          {data && dialog === 'edit' && (
            <Dialog label={text.editTitle(data.name)} onClose={() => setDialog(null)}>
              {(close) => (
                <ProviderForm
                  provider={data}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.saved(saved.name), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {data && dialog === 'pay' && (
            <Dialog label={paymentText.formTitle} onClose={() => setDialog(null)}>
              {(close) => (
                <PaymentForm
                  providerId={data.id}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(paymentText.saved(formatMoney(saved.amount), saved.provider_name), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {toast}
        </>
      }
    >
      {(record) => (
        <ProviderView
          provider={record}
          can={{
            edit: hasPermission(user, 'providers'),
            buy: hasPermission(user, 'shoppings'),
            pay: hasPermission(user, 'provider_payments'),
          }}
          onEdit={() => setDialog('edit')}
          onPay={() => setDialog('pay')}
        />
      )}
    </RecordScreen>
  );
}

export function ProviderView({
  provider,
  can,
  onEdit,
  onPay,
}: {
  provider: ProviderDetail;
  can: { edit: boolean; buy: boolean; pay: boolean };
  onEdit: () => void;
  onPay: () => void;
}) {
  return (
    <article className="purchasing-page">
      <header className="purchasing-page__header">
        <h1 className="page-heading">{provider.name}</h1>
        <div className="purchasing-page__actions">
          {can.edit && (
            <button type="button" className="outline-button" onClick={onEdit}>
              {text.edit}
            </button>
          )}
          {can.buy && (
            <AppLink href={`/shopping/${provider.id}`} className="button-primary button-primary--padded">
              {text.newOrder}
            </AppLink>
          )}
          {can.pay && (
            <button type="button" className="outline-button" onClick={onPay} disabled={provider.balance <= 0}>
              {text.pay}
            </button>
          )}
        </div>
      </header>
      <div className="purchasing-page__grid">
        <PageSection title={text.data} className="purchasing-page__section">
          <dl className="facts">
            <Fact label={text.fields.rfc}>{provider.rfc ?? '—'}</Fact>
            <Fact label={text.fields.phone}>{provider.phone ?? '—'}</Fact>
            <Fact label={text.fields.email}>{provider.email ?? '—'}</Fact>
            <Fact label={text.fields.contactName}>{provider.contact_name ?? '—'}</Fact>
            <Fact label={text.fields.address}>{provider.address ?? '—'}</Fact>
            <Fact label={text.fields.creditDays}>{text.creditDays(provider.credit_days)}</Fact>
          </dl>
        </PageSection>
        <PageSection title={text.balanceTitle} className="purchasing-page__section">
          <dl className="facts">
            <Fact label={text.ordersTotal}>{formatMoney(provider.orders_total)}</Fact>
            <Fact label={text.paymentsTotal}>{formatMoney(provider.payments_total)}</Fact>
            <Fact label={text.balance}>
              <strong className="purchasing-balance">{formatMoney(provider.balance)}</strong>
            </Fact>
          </dl>
        </PageSection>
      </div>
      <PageSection title={text.orders} className="purchasing-page__section">
        {provider.orders.length === 0 ? (
          <p className="empty-state">{text.noOrders}</p>
        ) : (
          <div className="office-list__scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{orderColumns.folio}</th>
                  <th scope="col">{orderColumns.created}</th>
                  <th scope="col">{orderColumns.dueDate}</th>
                  <th scope="col" className="numeric">
                    {orderColumns.total}
                  </th>
                  <th scope="col" className="numeric">
                    {purchasingMessages.order.paid}
                  </th>
                  <th scope="col">{orderColumns.status}</th>
                </tr>
              </thead>
              <tbody>
                {provider.orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <AppLink href={shoppingHref(order.id)}>{purchaseOrderFolio(order.id)}</AppLink>
                    </th>
                    <td className="nowrap">{formatMoment(order.created_at)}</td>
                    <td className="nowrap">{formatCalendarDate(order.due_date)}</td>
                    <td className="numeric">{formatMoney(order.total)}</td>
                    <td className="numeric">{formatMoney(order.paid)}</td>
                    <td>
                      <StatusChip status={order.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PageSection>
      <PageSection title={text.payments} className="purchasing-page__section">
        {provider.payments.length === 0 ? (
          <p className="empty-state">{text.noPayments}</p>
        ) : (
          <div className="office-list__scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{paymentText.columns.date}</th>
                  <th scope="col" className="numeric">
                    {paymentText.columns.amount}
                  </th>
                  <th scope="col">{paymentText.columns.method}</th>
                  <th scope="col">{paymentText.columns.reference}</th>
                  <th scope="col">{paymentText.columns.order}</th>
                </tr>
              </thead>
              <tbody>
                {provider.payments.map((payment) => (
                  <tr key={payment.id}>
                    <th scope="row" className="nowrap">
                      {formatCalendarDate(payment.date)}
                    </th>
                    <td className="numeric">{formatMoney(payment.amount)}</td>
                    <td>{payment.payment_method ?? paymentText.noMethod}</td>
                    <td>{payment.reference ?? '—'}</td>
                    <td className="nowrap">
                      {payment.purchase_order_id ? (
                        <AppLink href={shoppingHref(payment.purchase_order_id)}>{purchaseOrderFolio(payment.purchase_order_id)}</AppLink>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PageSection>
    </article>
  );
}
