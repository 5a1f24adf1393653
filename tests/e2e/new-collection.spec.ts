import { expect, test } from '@playwright/test';
import { formatCalendarDate, formatMoney } from '../../domain/format';
import { apiAs, openFromMenu, query } from './office-screens';
import { signIn } from './support';

// the 'Nueva Cobranza' opened without a customer (the menu's entry): the office finds
// the customer, reads what it owes as the server has it, and the form previews the payment
// oldest first and says in Spanish what is missing. Nothing is saved (collections.spec.ts saves).

interface OpenSale {
  id: number;
  date: string;
  due_date: string | null;
  total: number;
  due_balance: number;
  days_overdue: number;
}
interface CustomerBalance {
  data: OpenSale[];
  meta: {
    company: { id: number; name: string; razon_social: string; credit_days: number };
    totals: { count: number; total: number };
    credit: number;
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const creditDays = (days: number) => (days === 0 ? 'Contado' : days === 1 ? '1 día de crédito' : `${days} días de crédito`);

test.describe('a new payment on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('Nueva Cobranza: the office finds a customer, reads its open sales, and the payment is previewed oldest first and checked before saving', async ({
    page,
    request,
  }) => {
    const get = await apiAs(request, 'oficina@demo.mx');
    // A customer with overdue sales, other than the one collections.spec.ts pays.
    const overdue = await get<{ data: { company_id: number; company_name: string; count: number }[] }>(
      `/api/v2/balances?${query({ page: 1, itemsPerPage: 50 })}`,
    );
    const customer = overdue.data.find((row) => row.count >= 2 && row.company_name !== 'Fonda Doña Chela')!;
    const balance = await get<CustomerBalance>(`/api/v2/balances/${customer.company_id}`);
    const { company, totals } = balance.meta;

    await signIn(page, 'oficina@demo.mx');
    await openFromMenu(page, 'Nueva Cobranza', '/new-collections');

    // The customer, searched by a part of its name.
    await page.getByLabel('Buscar cliente').fill(company.name);
    const results = page.getByRole('list', { name: 'Resultados' });
    await results.getByRole('button', { name: new RegExp(`^${escaped(company.name)}\\s*${escaped(company.razon_social)}$`) }).click();

    // What it owes, and its open sales oldest due first, nothing applied yet.
    const form = page.getByRole('form', { name: `Nueva Cobranza: ${company.name}` });
    await expect(form).toBeVisible();
    const owes = totals.count === 1 ? '1 venta' : `${totals.count} ventas`;
    await expect(form.getByRole('region', { name: 'Cliente' })).toContainText(
      `${company.razon_social} · ${creditDays(company.credit_days)} · Debe ${formatMoney(totals.total)} en ${owes}`,
    );
    const sales = form.getByRole('region', { name: 'Ventas con saldo' });
    const rows = sales.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows.getByRole('rowheader')).toHaveText(balance.data.map((sale) => `V-${sale.id}`));
    for (const [index, sale] of balance.data.entries()) {
      await expect(rows.nth(index).getByRole('cell')).toHaveText([
        formatCalendarDate(sale.date),
        sale.due_date ? formatCalendarDate(sale.due_date) : '—',
        formatMoney(sale.total),
        formatMoney(sale.due_balance),
        sale.days_overdue > 0 ? String(sale.days_overdue) : 'Por vencer',
        '$0.00',
        formatMoney(sale.due_balance),
      ]);
    }
    await expect(sales.getByRole('radio', { name: 'Aplicar a las más antiguas' })).toBeChecked();

    // Without an amount, the form says so and goes to it.
    await form.getByRole('button', { name: 'Guardar cobro' }).click();
    await expect(form.getByRole('alert')).toHaveText('Escribe el monto del cobro.');
    await expect(form.getByLabel('Monto', { exact: true })).toBeFocused();

    // The oldest sale's balance pays it off, and only it.
    const [oldest, next] = balance.data as [OpenSale, OpenSale];
    await form.getByLabel('Monto', { exact: true }).fill(oldest.due_balance.toFixed(2));
    await expect(rows.nth(0).getByRole('cell').nth(5)).toHaveText(formatMoney(oldest.due_balance));
    await expect(rows.nth(0).getByRole('cell').nth(6)).toHaveText('$0.00');
    await expect(rows.nth(1).getByRole('cell').nth(5)).toHaveText('$0.00');
    await expect(rows.nth(1).getByRole('cell').nth(6)).toHaveText(formatMoney(next.due_balance));
    const summary = form.getByRole('region', { name: 'Resumen' });
    await expect(summary.getByRole('definition')).toHaveText([formatMoney(oldest.due_balance), formatMoney(oldest.due_balance), '$0.00']);

    // Then the payment method is what is missing.
    await form.getByRole('button', { name: 'Guardar cobro' }).click();
    await expect(form.getByRole('alert')).toHaveText('Elige la forma de pago.');
    await expect(form.getByLabel('Forma de pago')).toBeFocused();

    // 'Cambiar cliente' goes back to the search.
    await form.getByRole('button', { name: 'Cambiar cliente' }).click();
    await expect(page.getByLabel('Buscar cliente')).toBeVisible();
    await expect(form).toHaveCount(0);
  });
});
