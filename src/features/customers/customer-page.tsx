import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AGING_BUCKETS, AGING_LABELS } from '../../../domain/aging';
import { formatCalendarDate, formatMoment, formatMoney, mapsSearchUrl } from '../../../domain/format';
import { entryLabel, regimenFiscal } from '../../../domain/cfdi/catalogs';
import { customersMessages } from '../../../domain/messages/customers';
import { fiscalMessages } from '../../../domain/messages/fiscal';
import { driverMessages } from '../../../domain/messages/driver';
import { quotationsMessages } from '../../../domain/messages/quotations';
import { salesMessages } from '../../../domain/messages/sales';
import { hasPermission } from '../../../domain/permissions';
import { deliveryStatus, timelineColour } from '../../../domain/rules/delivery-status';
import { quotationStatus } from '../../../domain/sale-list';
import { quotationFolio } from '../../../domain/sales';
import { companyCollectionPageSchema, companyDeliveryPageSchema, type CompanyDetail } from '../../../domain/schemas/customers';
import { salePageSchema } from '../../../domain/schemas/reads';
import { AppLink } from '../../ui/app-link';
import { useConfirmSheet } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { useShell } from '../../ui/shell-context';
import { Fact, PageSection } from '../../ui/record-page';
import { RecordNotes } from '../../ui/notes/notes-kit';
import { notesMessages } from '../../../domain/messages/notes';
import { RecordScreen, retryUnlessNotFound, useRecordId } from '../../ui/record-screen';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { UnverifiedBadge } from './customer-rows';
import { customerDetailOptions } from './queries';
import { customerKeys, useCustomerWrites } from '../../ui/company-writes';
import './customers.css';
import { EvidenceLink } from '../../ui/evidence-link';

const text = customersMessages.page;
const fiscalText = fiscalMessages.form;

/** '601 General de Ley Personas Morales'; a key the catalogue does not list, as saved; none, a dash. */
const regimenLabel = (clave: string | null) => {
  if (clave === null) return '—';
  const entry = regimenFiscal(clave);
  return entry ? entryLabel(entry) : clave;
};
const day = (date: string | null) => (date ? formatCalendarDate(date) : '—');
const saleFolio = driverMessages.saleFolio;
/** Rows per page of each list on the customer's page. */
const SECTION_PAGE = 10;

/**
 * `/clients/client/{id}`: one customer — its data, branches and contacts, what it
 * owes by age and its credit, its quotations, sales, collections and deliveries with their
 * evidence — with 'Editar', 'Verificar' for a counter customer, and 'Registrar cobro'.
 */
export default function CustomerPage() {
  const { user } = useShell();
  const id = useRecordId('id');
  const company = useQuery({
    ...customerDetailOptions(id ?? 0),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
  const { verify } = useCustomerWrites();
  const [notify, toast] = useToast();
  const confirmVerify = useConfirmSheet((customer: CompanyDetail) => ({
    header: text.verifyConfirm(customer.name),
    confirm: text.verify,
    onConfirm: () =>
      verify.mutate(customer.id, {
        onSuccess: () => notify(customersMessages.page.verified(customer.name), 'success'),
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      }),
  }));

  return (
    <RecordScreen
      id={id}
      query={company}
      title={(customer) => customer?.name ?? text.title}
      notFound={{ message: text.notFound, back: { href: '/clients', label: text.backToList } }}
      overlays={
        <>
          {confirmVerify.sheet}
          {toast}
        </>
      }
    >
      {(customer) => (
        <CustomerView
          company={customer}
          notes={<RecordNotes record={{ type: 'company', id: customer.id }} onTaken={(message) => notify(message, 'success')} />}
          can={{
            collect: hasPermission(user, 'collections'),
            quotations: hasPermission(user, 'quotations'),
            sales: hasPermission(user, 'sales'),
            collections: hasPermission(user, 'collections'),
            shippings: hasPermission(user, 'shippings'),
          }}
          verifying={verify.isPending}
          onVerify={() => confirmVerify.ask(customer)}
        />
      )}
    </RecordScreen>
  );
}

interface Abilities {
  collect: boolean;
  quotations: boolean;
  sales: boolean;
  collections: boolean;
  shippings: boolean;
}

/** The customer's page as facts, its balance, and the lists of what it did with us. */
export function CustomerView({
  company,
  can,
  verifying,
  onVerify,
  notes,
}: {
  /** The notes written about the customer. */
  notes?: ReactNode;
  company: CompanyDetail;
  can: Abilities;
  verifying: boolean;
  onVerify: () => void;
}) {
  const unverified = company.verified_at === null;
  return (
    <article className="customer-page">
      <header className="customer-page__header">
        <h1 className="page-heading">{company.name}</h1>
        {unverified && <UnverifiedBadge />}
        <div className="customer-page__actions">
          <AppLink href={`/clients/client/${company.id}/edit`} className="outline-button">
            {text.edit}
          </AppLink>
          {unverified && (
            <button type="button" className="button-primary button-primary--padded" onClick={onVerify} disabled={verifying}>
              {verifying ? text.verifying : text.verify}
            </button>
          )}
          {can.collect && (
            <AppLink href={`/new-collections/${company.id}`} className="outline-button">
              {text.collect}
            </AppLink>
          )}
        </div>
      </header>
      {unverified && <p className="customer-page__notice">{text.notVerified}</p>}

      <div className="customer-page__grid">
        <Section title={text.data}>
          <dl className="facts">
            <Fact label={text.legalName}>{company.razon_social}</Fact>
            {company.macro && <Fact label={text.macro}>{company.macro}</Fact>}
            <Fact label={text.rfc}>{company.rfc ?? '—'}</Fact>
            <Fact label={fiscalText.regimen}>{regimenLabel(company.regimen_fiscal)}</Fact>
            <Fact label={fiscalText.cpFiscal}>{company.cp_fiscal ?? '—'}</Fact>
            {company.cfdi && <Fact label={text.cfdi}>{company.cfdi}</Fact>}
            <Fact label={text.creditDays}>{customersMessages.list.creditDays(company.credit_days)}</Fact>
            {company.delivery_address && (
              <Fact label={text.deliveryAddress}>
                {company.delivery_address} ·{' '}
                <a href={mapsSearchUrl(company.delivery_address)} target="_blank" rel="noopener noreferrer">
                  {text.openMap}
                </a>
              </Fact>
            )}
            {company.delivery_references && <Fact label={text.deliveryReferences}>{company.delivery_references}</Fact>}
            {company.delivery_time && <Fact label={text.deliveryTime}>{company.delivery_time}</Fact>}
            <Fact label={text.createdAt}>
              {company.created_by ? text.createdBy(company.created_by, formatMoment(company.created_at)) : formatMoment(company.created_at)}
            </Fact>
            {company.verified_at && (
              <Fact label={text.verifiedAt}>
                {company.verified_by
                  ? text.createdBy(company.verified_by, formatMoment(company.verified_at))
                  : formatMoment(company.verified_at)}
              </Fact>
            )}
          </dl>
        </Section>
        <BalanceSection company={company} />
      </div>

      <div className="customer-page__grid">
        <Section title={text.branches}>
          {company.branches.length === 0 ? (
            <p className="empty-state">{text.noBranches}</p>
          ) : (
            <ul className="customer-page__cards">
              {company.branches.map((branch) => (
                <li key={branch.id} className="customer-page__card">
                  <p className="customer-page__card-title">{branch.name}</p>
                  <p>{branch.address}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={text.contacts}>
          {company.contacts.length === 0 ? (
            <p className="empty-state">{text.noContacts}</p>
          ) : (
            <ul className="customer-page__cards">
              {company.contacts.map((contact) => (
                <li key={contact.id} className="customer-page__card">
                  <p className="customer-page__card-title">
                    {contact.name} {contact.last}
                  </p>
                  {contact.phone && (
                    <p>
                      <a href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>{contact.phone}</a>
                    </p>
                  )}
                  {contact.email && (
                    <p>
                      <a href={`mailto:${contact.email}`}>{contact.email}</a>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      {can.quotations && <QuotationsSection companyId={company.id} saleLinks={can.sales} />}
      <SalesSection companyId={company.id} links={can.sales} />
      {can.collections && <CollectionsSection companyId={company.id} />}
      <DeliveriesSection companyId={company.id} saleLinks={can.sales} routeLinks={can.shippings} />
      {notes && <Section title={notesMessages.onRecord}>{notes}</Section>}
    </article>
  );
}

/** What the customer owes, by how long it has been overdue, and the credit it has with us. */
export function BalanceSection({ company }: { company: CompanyDetail }) {
  const { balance } = company;
  return (
    <Section title={text.balance}>
      <dl className="customer-figures">
        <div>
          <dt>{text.due}</dt>
          <dd>{formatMoney(balance.due)}</dd>
        </div>
        <div>
          <dt>{text.overdue}</dt>
          <dd className={balance.overdue > 0 ? 'customer-overdue' : undefined}>{formatMoney(balance.overdue)}</dd>
        </div>
        <div>
          <dt>{text.credit}</dt>
          <dd>{formatMoney(balance.credit)}</dd>
        </div>
      </dl>
      <p>{text.openSales(balance.open_sales)}</p>
      <div className="table-scroll">
        <table className="record-table">
          <caption className="visually-hidden">{text.agingAsOf(day(balance.today))}</caption>
          <thead>
            <tr>
              <th scope="col">{text.bucket}</th>
              <th scope="col" className="numeric">
                {text.salesCount}
              </th>
              <th scope="col" className="numeric">
                {text.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {AGING_BUCKETS.map((bucket) => (
              <tr key={bucket}>
                <th scope="row">{AGING_LABELS[bucket]}</th>
                <td className="numeric">{balance.buckets[bucket].sales}</td>
                <td className="numeric">{formatMoney(balance.buckets[bucket].amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="field-hint">{text.agingAsOf(day(balance.today))}</p>
    </Section>
  );
}

/**
 * One list of the customer's page, a page of 10 at a time from the server: its header row,
 * one table row per record, 'Cargando…' and the error with 'Reintentar', the empty text.
 */
function RecordSection<Row extends { id: number }>({
  title,
  companyId,
  name,
  url,
  schema,
  empty,
  head,
  row,
}: {
  title: string;
  companyId: number;
  name: string;
  url: (page: number) => string;
  schema: { parse(input: unknown): { data: Row[]; meta: { total: number } } };
  empty: string;
  head: ReactNode;
  row: (record: Row) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: customerKeys.section(companyId, name, page),
    queryFn: ({ signal }) => apiRequest(url(page), { schema, signal }),
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
  const total = query.data?.meta.total ?? 0;
  const records = query.data?.data ?? [];
  const from = records.length === 0 ? 0 : (page - 1) * SECTION_PAGE + 1;
  return (
    <Section title={title}>
      <QueryStatus query={query} />
      {query.data && records.length === 0 && <p className="empty-state">{empty}</p>}
      {records.length > 0 && (
        <>
          <div className="table-scroll" aria-busy={query.isFetching}>
            <table className="record-table">
              <thead>{head}</thead>
              <tbody>{records.map(row)}</tbody>
            </table>
          </div>
          {total > SECTION_PAGE && (
            <div className="record-pager">
              <span aria-live="polite">{text.range(from, from + records.length - 1, total)}</span>
              <button type="button" className="outline-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {text.previous}
              </button>
              <button type="button" className="outline-button" disabled={page * SECTION_PAGE >= total} onClick={() => setPage(page + 1)}>
                {text.next}
              </button>
            </div>
          )}
        </>
      )}
    </Section>
  );
}

const pageParams = (page: number, extra: Record<string, string>) =>
  new URLSearchParams({ ...extra, page: String(page), itemsPerPage: String(SECTION_PAGE) }).toString();

function QuotationsSection({ companyId, saleLinks }: { companyId: number; saleLinks: boolean }) {
  const [now] = useState(() => new Date());
  const status = quotationsMessages.list;
  return (
    <RecordSection
      title={text.quotations}
      companyId={companyId}
      name="quotations"
      url={(page) => `/api/v2/q?${pageParams(page, { 'filter[company_id]': String(companyId), sort: '-id' })}`}
      schema={salePageSchema}
      empty={text.noQuotations}
      head={
        <tr>
          <th scope="col">{text.folio}</th>
          <th scope="col">{text.date}</th>
          <th scope="col">{text.validity}</th>
          <th scope="col" className="numeric">
            {text.total}
          </th>
          <th scope="col">{text.status}</th>
        </tr>
      }
      row={(quotation) => {
        const state = quotationStatus(quotation, now);
        return (
          <tr key={quotation.id}>
            <th scope="row">
              <AppLink href={`/quotations/${quotation.id}`}>{quotationFolio(quotation.id)}</AppLink>
            </th>
            <td>{day(quotation.date)}</td>
            <td>{day(quotation.due_date)}</td>
            <td className="numeric">{formatMoney(quotation.total)}</td>
            <td>
              {state === 'sold' && quotation.sale_id !== null ? (
                saleLinks ? (
                  <AppLink href={`/sales/${quotation.sale_id}`}>{status.soldAs(quotation.sale_id)}</AppLink>
                ) : (
                  status.soldAs(quotation.sale_id)
                )
              ) : (
                status.status[state]
              )}
            </td>
          </tr>
        );
      }}
    />
  );
}

const PAYMENT_TONE: Record<string, string> = { Pagada: 'success', Parcial: 'warning', Pendiente: 'danger' };

function SalesSection({ companyId, links }: { companyId: number; links: boolean }) {
  return (
    <RecordSection
      title={text.sales}
      companyId={companyId}
      name="sales"
      url={(page) => `/api/v2/company/sales?${pageParams(page, { id: String(companyId), sort: '-date' })}`}
      schema={salePageSchema}
      empty={text.noSales}
      head={
        <tr>
          <th scope="col">{text.folio}</th>
          <th scope="col">{text.date}</th>
          <th scope="col" className="numeric">
            {text.total}
          </th>
          <th scope="col" className="numeric">
            {text.dueBalance}
          </th>
          <th scope="col">{text.paymentStatus}</th>
        </tr>
      }
      row={(sale) => (
        <tr key={sale.id}>
          <th scope="row">{links ? <AppLink href={`/sales/${sale.id}`}>{saleFolio(sale.id)}</AppLink> : saleFolio(sale.id)}</th>
          <td>{day(sale.date)}</td>
          <td className="numeric">
            {formatMoney(sale.total)}
            {sale.returned > 0 && <div className="field-hint">{text.returned(formatMoney(sale.returned))}</div>}
          </td>
          <td className="numeric">{formatMoney(sale.due_balance)}</td>
          <td>
            <span className={`status-chip status-chip--${PAYMENT_TONE[sale.payment_status] ?? 'neutral'}`}>{sale.payment_status}</span>
          </td>
        </tr>
      )}
    />
  );
}

function CollectionsSection({ companyId }: { companyId: number }) {
  return (
    <RecordSection
      title={text.collections}
      companyId={companyId}
      name="collections"
      url={(page) => `/api/v2/collections?${pageParams(page, { 'filter[company_id]': String(companyId) })}`}
      schema={companyCollectionPageSchema}
      empty={text.noCollections}
      head={
        <tr>
          <th scope="col">{text.date}</th>
          <th scope="col" className="numeric">
            {text.amount}
          </th>
          <th scope="col">{text.paymentMethod}</th>
          <th scope="col">{text.reference}</th>
        </tr>
      }
      row={(collection) => (
        <tr key={collection.id}>
          <th scope="row">{day(collection.date)}</th>
          <td className="numeric">{formatMoney(collection.amount)}</td>
          <td>{collection.payment_method ?? '—'}</td>
          <td>
            {collection.reference ?? '—'}
            {collection.canceled_at && (
              <>
                {' '}
                <span className="status-chip status-chip--danger">{text.canceled}</span>
              </>
            )}
          </td>
        </tr>
      )}
    />
  );
}

function DeliveriesSection({ companyId, saleLinks, routeLinks }: { companyId: number; saleLinks: boolean; routeLinks: boolean }) {
  const shipping = salesMessages.page.shipping;
  return (
    <RecordSection
      title={text.deliveries}
      companyId={companyId}
      name="deliveries"
      url={(page) => `/api/v2/companies/${companyId}/deliveries?${pageParams(page, {})}`}
      schema={companyDeliveryPageSchema}
      empty={text.noDeliveries}
      head={
        <tr>
          <th scope="col">{text.shipping}</th>
          <th scope="col">{text.date}</th>
          <th scope="col">{text.sale}</th>
          <th scope="col">{text.status}</th>
          <th scope="col">{text.deliveredAt}</th>
          <th scope="col">{text.evidence}</th>
        </tr>
      }
      row={(delivery) => {
        const status = deliveryStatus(delivery);
        return (
          <tr key={delivery.id}>
            <th scope="row">
              {routeLinks ? (
                <AppLink href={`/shippings/${delivery.shipping_id}`}>{shipping(delivery.shipping_id)}</AppLink>
              ) : (
                shipping(delivery.shipping_id)
              )}
            </th>
            <td>{day(delivery.shipping_date)}</td>
            <td>
              {saleLinks ? (
                <AppLink href={`/sales/${delivery.sale_id}`}>{saleFolio(delivery.sale_id)}</AppLink>
              ) : (
                saleFolio(delivery.sale_id)
              )}
            </td>
            <td>
              <span className={`status-chip status-chip--${timelineColour(delivery)}`}>{status}</span>
              {status === 'No Entregado' && delivery.delivery_rejection_comment && (
                <span className="rejection-reason">
                  {' '}
                  {text.rejection}: {delivery.delivery_rejection_comment}
                </span>
              )}
            </td>
            <td>{delivery.delivered_at ?? '—'}</td>
            <td>{delivery.pdf ? <EvidenceLink name={delivery.pdf}>{delivery.pdf}</EvidenceLink> : '—'}</td>
          </tr>
        );
      }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageSection title={title} className="customer-page__section">
      {children}
    </PageSection>
  );
}
