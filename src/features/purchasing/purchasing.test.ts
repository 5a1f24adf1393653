import { describe, expect, it } from 'vitest';
import { providerInputSchema, providerPaymentInputSchema, type ProviderPaymentRow } from '../../../domain/schemas/purchasing';
import { paymentBody } from './payment-form';
import { providerBody } from './provider-form';
import { EMPTY_SHOPPING_FILTERS, parseStoredShoppingFilters, paymentListQuery, shoppingListQuery } from './purchasing-filters';
import { paymentExportRows } from './purchasing-rows';
import { receiveBody } from './receive-form';
import { draftTotal, typedCost, typedQuantity } from './shopping-form';

describe('the purchasing filters', () => {
  it('send the dates, the provider and the status, and the sort only when chosen', () => {
    expect(
      decodeURIComponent(
        shoppingListQuery(
          { date: ['2031-03-31', '2031-03-01'], providerId: 4, status: 'Parcial' },
          { sort: { column: 'total', descending: true }, page: 2, itemsPerPage: 15 },
        ),
      ),
    ).toBe('filter[date_between]=2031-03-01,2031-03-31&filter[provider_id]=4&filter[status]=Parcial&sort=-total&page=2&itemsPerPage=15');
    expect(shoppingListQuery(EMPTY_SHOPPING_FILTERS, { sort: null, page: 1, itemsPerPage: 15 })).toBe('page=1&itemsPerPage=15');
    expect(decodeURIComponent(paymentListQuery({ date: null, providerId: 2 }, { sort: null, page: 1, itemsPerPage: 30 }))).toBe(
      'filter[provider_id]=2&page=1&itemsPerPage=30',
    );
  });

  it('read back from storage only what is well formed', () => {
    expect(parseStoredShoppingFilters('{"date":["2031-03-01","2031-03-31"],"providerId":3,"status":"Recibida"}')).toEqual({
      date: ['2031-03-01', '2031-03-31'],
      providerId: 3,
      status: 'Recibida',
    });
    expect(parseStoredShoppingFilters('{"providerId":-1,"status":"Cerrada"}')).toEqual(EMPTY_SHOPPING_FILTERS);
    expect(parseStoredShoppingFilters('no es json')).toBeNull();
  });
});

describe('the purchase order form', () => {
  it('reads quantities and costs as people type them, and refuses what is no number', () => {
    expect(typedQuantity('12.5')).toBe(12.5);
    expect(typedQuantity('1,5')).toBeNaN();
    expect(typedQuantity('1.234')).toBeNaN();
    expect(typedCost('1,250.50')).toBe(1250.5);
    expect(typedCost('')).toBeNaN();
  });

  it('totals the lines with the server’s rule, and shows none while a line is unreadable', () => {
    const line = (quantity: string, unit_cost: string) => ({ item_id: 1, name: 'Limón', unit: 'kg', quantity, unit_cost });
    expect(draftTotal([line('10.5', '82.38'), line('100', '12.50')])).toBe(2114.99);
    expect(draftTotal([line('10', 'diez')])).toBeNull();
    expect(draftTotal([])).toBe(0);
  });

  it('receives only the lines with something typed above zero', () => {
    expect(receiveBody({ 4: '8', 5: '', 6: '0', 7: '1.25' })).toEqual({
      items: [
        { id: 4, quantity: 8 },
        { id: 7, quantity: 1.25 },
      ],
    });
  });
});

describe('the provider and payment forms', () => {
  it('check a provider with the server’s schema and its Spanish messages', () => {
    const draft = { name: 'Huerta', rfc: '', phone: '', email: 'x@', address: '', contact_name: '', credit_days: '30 días' };
    const result = providerInputSchema.safeParse(providerBody(draft));
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['credit_days', 'Los días de crédito deben ser un número entero de 0 a 365.'],
    ]);
    const ok = providerInputSchema.safeParse(providerBody({ ...draft, email: ' ventas@huerta.mx ', credit_days: '' }));
    expect(ok.success && ok.data).toMatchObject({ name: 'Huerta', email: 'ventas@huerta.mx', credit_days: 0, rfc: null, phone: null });
  });

  it('send a payment’s amount in pesos, never reading 1,5 as 15', () => {
    const draft = {
      provider_id: '3',
      purchase_order_id: '',
      date: '2031-03-10',
      amount: '1,250.50',
      payment_method_id: '',
      reference: ' TRF-1 ',
    };
    expect(providerPaymentInputSchema.safeParse(paymentBody(draft)).data).toEqual({
      provider_id: 3,
      purchase_order_id: null,
      date: '2031-03-10',
      amount: 1250.5,
      payment_method_id: null,
      reference: 'TRF-1',
    });
    expect(paymentBody({ ...draft, amount: '1,5' }).amount).toBeNaN();
    expect(paymentBody({ ...draft, amount: '' }).amount).toBeUndefined();
  });
});

describe('the Excel rows of the payments', () => {
  it('carry the visible columns, the date as a date and the amount as a number', () => {
    const row: ProviderPaymentRow = {
      id: 9,
      provider_id: 2,
      provider_name: 'Agrícola San Juan',
      purchase_order_id: 21,
      date: '2031-03-10',
      amount: 1500.5,
      payment_method_id: null,
      payment_method: null,
      reference: 'TRF-9',
      created_at: '2031-03-10T15:00:00.000Z',
    };
    const [exported] = paymentExportRows([row]);
    expect(Object.keys(exported!)).toEqual(['Folio', 'Proveedor', 'Fecha', 'Monto', 'Forma de pago', 'Referencia', 'Orden de compra']);
    expect(exported).toMatchObject({ Monto: 1500.5, 'Orden de compra': 'OC-21', 'Forma de pago': '' });
    expect((exported!.Fecha as Date).getDate()).toBe(10);
  });
});
