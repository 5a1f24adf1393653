import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CompanyDetail } from '../../../domain/schemas/customers';
import { BalanceSection } from './customer-page';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const company = {
  id: 7,
  balance: {
    today: '2026-03-10',
    due: 1518.75,
    overdue: 1407.25,
    credit: 49.99,
    open_sales: 10,
    buckets: {
      current: { amount: 111.5, sales: 3 },
      days_0_30: { amount: 200.25, sales: 2 },
      days_31_60: { amount: 303, sales: 2 },
      days_61_90: { amount: 404, sales: 2 },
      days_over_90: { amount: 500, sales: 1 },
    },
  },
} as CompanyDetail;

describe('the balance on a customer’s page', () => {
  it('shows what it owes, the overdue part and its credit, then each aging bucket with its sales', () => {
    const text = visibleText(renderToStaticMarkup(<BalanceSection company={company} />));
    expect(text).toContain('Saldo por cobrar $1,518.75 Vencido $1,407.25 Saldo a favor $49.99 10 ventas con saldo');
    expect(text).toContain(
      'Antigüedad Ventas Monto Por vencer 3 $111.50 0–30 días 2 $200.25 31–60 días 2 $303.00 61–90 días 2 $404.00 Más de 90 días 1 $500.00',
    );
    expect(text).toContain('Antigüedad al 10/03/2026');
  });

  it('marks an overdue balance and leaves none plain', () => {
    expect(renderToStaticMarkup(<BalanceSection company={company} />)).toContain('<dd class="customer-overdue">$1,407.25</dd>');
    const clear = { ...company, balance: { ...company.balance, overdue: 0 } } as CompanyDetail;
    expect(renderToStaticMarkup(<BalanceSection company={clear} />)).not.toContain('customer-overdue');
  });
});
