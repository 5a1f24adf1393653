import { useQuery } from '@tanstack/react-query';
import { driverMessages } from '../../../domain/messages/driver';
import { salesMessages } from '../../../domain/messages/sales';
import type { SaleDetail } from '../../../domain/schemas/quotations';
import { AppLink } from '../../ui/app-link';
import { QueryStatus } from '../../ui/query-status';
import { RecordScreen, retryUnlessNotFound, useRecordId } from '../../ui/record-screen';
import { SaleForm } from './new-sale-page';
import { companyQueryOptions, itemsQueryOptions, saleDetailQueryOptions } from './sale-queries';
import { cartOfSale } from './use-sale-cart';

const text = salesMessages.corrections;

/** `/sales/{sale_id}/edit`: a sale corrected while its order is not filled, in the new sale's form. */
export default function EditSalePage() {
  const id = useRecordId('sale_id');
  const sale = useQuery({
    ...saleDetailQueryOptions(id ?? 0),
    enabled: id !== null,
    retry: retryUnlessNotFound,
    // Read once for the form: a refresh on refocus would swap what is being typed; the server refuses a stale save.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return (
    <RecordScreen
      id={id}
      query={sale}
      title={() => text.editTitle(driverMessages.saleFolio(id ?? 0))}
      notFound={{ message: text.notFound, back: { href: '/sales', label: salesMessages.page.backToList } }}
    >
      {(record) => <EditableSale sale={record} />}
    </RecordScreen>
  );
}

/** Why a sale cannot be edited here, or null: the server says the same if asked. */
function refusal(sale: SaleDetail): string | null {
  if (sale.kind !== 'sale') return text.notASale;
  if (sale.canceled_at !== null) return text.isCanceled;
  if (sale.order?.status === 'surtido') return text.filled;
  return null;
}

function EditableSale({ sale }: { sale: SaleDetail }) {
  const refused = refusal(sale);
  const items = useQuery({ ...itemsQueryOptions(), enabled: refused === null });
  const company = useQuery({ ...companyQueryOptions(sale.company.id, sale.company.name), enabled: refused === null });
  if (refused !== null)
    return (
      <div className="centered" role="alert">
        <p>{refused}</p>
        <AppLink href={`/sales/${sale.id}`} className="outline-button">
          {salesMessages.page.title(sale.id)}
        </AppLink>
      </div>
    );
  if (items.data === undefined || company.isPending) return <QueryStatus query={items.data === undefined ? items : company} />;
  return <SaleForm editing={{ sale, cart: cartOfSale(sale, items.data, company.data?.branches) }} />;
}
