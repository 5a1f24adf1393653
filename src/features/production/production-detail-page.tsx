import { formatCalendarDate, formatMoment, formatQuantity, formatQuantityOf } from '../../../domain/format';
import { productionMessages } from '../../../domain/messages/production';
import type { Production } from '../../../domain/schemas/production';
import { useConfirmSheet } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { RecordScreen, useRecordId } from '../../ui/record-screen';
import { Fact, PageSection } from '../../ui/record-page';
import { getErrorMessage } from '../../lib/api';
import { openPrintWindow } from '../../lib/session-store';
import { ticketMessages } from '../../../domain/messages/ticket';
import type { ProductionTicket } from '../../../domain/schemas/ticket';
import { monterreyMinute } from '../../../domain/time';
import { originOf, StatusChip } from './production-rows';
import { useProduction, useProductionMutations } from './queries';
import './production.css';

const text = productionMessages;
const page = text.page;
const quantity = (value: number, unit: string) => `${formatQuantityOf(value, unit)}`;

/**
 * `/productions/{id}`: one production — its products and what of them entered
 * stock, the raw material its recipes need against current stock (what is short
 * highlighted), its inventory movements, and 'Iniciar' (raw material out) or 'Terminar'
 * (products in), each confirmed first and done once.
 */
export default function ProductionDetailPage() {
  const id = useRecordId('id');
  const production = useProduction(id);
  const { step } = useProductionMutations();
  const [notify, toast] = useToast();
  const data = production.data;

  const run = (action: 'start' | 'finish') =>
    step.mutate(
      { id: id!, action },
      {
        onSuccess: () => notify(action === 'start' ? page.started : page.finished, 'success'),
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      },
    );
  const short = data?.needs.some((need) => need.shortage > 0) ?? false;
  const confirm = useConfirmSheet(
    (action: 'start' | 'finish') => ({
      header: action === 'start' ? (short ? page.startShortConfirm : page.startConfirm) : page.finishConfirm,
      confirm: action === 'start' ? page.start : page.finish,
      onConfirm: () => run(action),
    }),
    text.cancel,
  );

  return (
    <RecordScreen
      id={id}
      query={production}
      title={() => page.title(id!)}
      notFound={{ message: text.notFound, back: { href: '/production', label: page.back } }}
      loading={page.loading}
      overlays={
        <>
          {confirm.sheet}
          {toast}
        </>
      }
    >
      {(record) => (
        <ProductionView
          production={record}
          busy={step.isPending}
          onStart={() => confirm.ask('start')}
          onFinish={() => confirm.ask('finish')}
        />
      )}
    </RecordScreen>
  );
}

/** The production's 'ticket MF' as it stands now: what to make and the raw material it takes. */
export function productionTicketOf(production: Production, now: Date): ProductionTicket {
  return {
    id: production.id,
    printedAt: monterreyMinute(now),
    origin: originOf(production),
    status: production.status,
    plannedDate: production.planned_date,
    note: production.note,
    products: production.items.map((line) => ({ name: line.name, unit: line.unit, quantity: line.quantity })),
    rawMaterial: production.needs.map((need) => ({ name: need.name, unit: need.unit, quantity: need.required })),
  };
}

export function ProductionView({
  production,
  busy,
  onStart,
  onFinish,
}: {
  production: Production;
  busy: boolean;
  onStart: () => void;
  onFinish: () => void;
}) {
  const moment = (iso: string | null) => (iso ? formatMoment(iso) : page.none);
  return (
    <article className="production-page">
      <header className="production-page__header">
        <h1 className="page-heading">{page.title(production.id)}</h1>
        <StatusChip status={production.status} />
        <div className="production-page__actions">
          <button
            type="button"
            className="outline-button"
            onClick={() => openPrintWindow({ kind: 'ticketMF', data: productionTicketOf(production, new Date()) })}
          >
            {ticketMessages.production.print}
          </button>
          {production.status === 'Planeada' && (
            <button type="button" className="button-primary button-primary--padded" onClick={onStart} disabled={busy}>
              {busy ? page.starting : page.start}
            </button>
          )}
          {production.status === 'En proceso' && (
            <button type="button" className="button-primary button-primary--padded" onClick={onFinish} disabled={busy}>
              {busy ? page.finishing : page.finish}
            </button>
          )}
        </div>
      </header>
      <PageSection title={page.facts} className="production-section">
        <dl className="production-facts">
          <Fact label={page.origin}>{originOf(production)}</Fact>
          <Fact label={page.plannedDate}>{production.planned_date ? formatCalendarDate(production.planned_date) : page.none}</Fact>
          <Fact label={page.createdBy}>{production.created_by ?? page.none}</Fact>
          <Fact label={page.createdAt}>{formatMoment(production.created_at)}</Fact>
          <Fact label={page.startedAt}>{moment(production.started_at)}</Fact>
          <Fact label={page.finishedAt}>{moment(production.finished_at)}</Fact>
          {production.note && <Fact label={page.note}>{production.note}</Fact>}
        </dl>
      </PageSection>
      <PageSection title={page.products} className="production-section">
        <div className="production-scroll">
          <table className="production-table">
            <thead>
              <tr>
                <th scope="col">{page.product}</th>
                <th scope="col" className="numeric">
                  {page.quantity}
                </th>
                <th scope="col" className="numeric">
                  {page.entered}
                </th>
              </tr>
            </thead>
            <tbody>
              {production.items.map((item) => (
                <tr key={item.item_id}>
                  <th scope="row">{item.name}</th>
                  <td className="numeric">{quantity(item.quantity, item.unit)}</td>
                  <td className="numeric">{quantity(item.entered, item.unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>
      <PageSection title={page.needs} className="production-section">
        {production.needs.length === 0 ? (
          <p>{page.noNeeds}</p>
        ) : (
          <div className="production-scroll">
            <table className="production-table">
              <thead>
                <tr>
                  <th scope="col">{page.component}</th>
                  <th scope="col" className="numeric">
                    {page.required}
                  </th>
                  <th scope="col" className="numeric">
                    {page.consumed}
                  </th>
                  <th scope="col" className="numeric">
                    {page.stock}
                  </th>
                  <th scope="col">{page.shortage}</th>
                </tr>
              </thead>
              <tbody>
                {production.needs.map((need) => (
                  <tr key={need.component_id} className={need.shortage > 0 ? 'production-table__short' : undefined}>
                    <th scope="row">{need.name}</th>
                    <td className="numeric">{quantity(need.required, need.unit)}</td>
                    <td className="numeric">{quantity(need.consumed, need.unit)}</td>
                    <td className="numeric">{quantity(need.stock, need.unit)}</td>
                    <td>
                      {need.shortage > 0 ? (
                        <span className="production-short">{page.short(quantity(need.shortage, need.unit))}</span>
                      ) : production.status === 'Planeada' ? (
                        page.enough
                      ) : (
                        page.none
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PageSection>
      <PageSection title={page.movements} className="production-section">
        {production.movements.length === 0 ? (
          <p>{page.noMovements}</p>
        ) : (
          <div className="production-scroll">
            <table className="production-table">
              <thead>
                <tr>
                  <th scope="col">{page.movementItem}</th>
                  <th scope="col">{page.movementType}</th>
                  <th scope="col" className="numeric">
                    {page.movementQuantity}
                  </th>
                  <th scope="col">{page.movementDate}</th>
                  <th scope="col">{page.movementUser}</th>
                </tr>
              </thead>
              <tbody>
                {production.movements.map((movement) => (
                  <tr key={movement.id}>
                    <th scope="row">{movement.item_name}</th>
                    <td>{movement.type}</td>
                    <td className="numeric">{formatQuantity(movement.signed_quantity)}</td>
                    <td>{formatMoment(movement.created_at)}</td>
                    <td>{movement.user_name ?? page.none}</td>
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
