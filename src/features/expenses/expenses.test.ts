import { describe, expect, it } from 'vitest';
import { expenseInputSchema, type ExpenseRow } from '../../../domain/schemas/expenses';
import { pagedQuery } from '../../../domain/office-list';
import {
  EMPTY_EXPENSE_FILTERS,
  expenseFilterParams,
  expenseSummaryRange,
  parseStoredExpenseFilters,
  type ExpenseFilters,
} from './expense-filters';

/** The query string the expenses list asks with: its filters' params and the page. */
const expenseListQuery = (filters: ExpenseFilters, paging: Parameters<typeof pagedQuery>[1]) =>
  pagedQuery(expenseFilterParams(filters), paging);
import { typedAmount } from '../../../domain/money';
import { expenseBody } from './expense-form';
import { expenseExportRows } from './expense-rows';

describe('the expense filters', () => {
  it('send the dates and the type, and the sort only when chosen', () => {
    expect(
      decodeURIComponent(
        expenseListQuery(
          { date: ['2031-03-31', '2031-03-01'], typeId: 2 },
          { sort: { column: 'amount', descending: true }, page: 2, itemsPerPage: 15 },
        ),
      ),
    ).toBe('filter[date_between]=2031-03-01,2031-03-31&filter[expense_type_id]=2&sort=-amount&page=2&itemsPerPage=15');
    expect(expenseListQuery(EMPTY_EXPENSE_FILTERS, { sort: null, page: 1, itemsPerPage: 15 })).toBe('page=1&itemsPerPage=15');
  });

  it('read back from storage only what is well formed', () => {
    expect(parseStoredExpenseFilters('{"date":["2031-03-01","2031-03-31"],"typeId":3}')).toEqual({
      date: ['2031-03-01', '2031-03-31'],
      typeId: 3,
    });
    expect(parseStoredExpenseFilters('{"date":"ayer","typeId":-1}')).toEqual({ date: null, typeId: null });
    expect(parseStoredExpenseFilters('no es json')).toBeNull();
  });

  it('sum up by type over the filter’s dates, or this month in Monterrey', () => {
    expect(expenseSummaryRange({ date: ['2031-03-09', '2031-03-02'], typeId: 1 }, new Date())).toEqual(['2031-03-02', '2031-03-09']);
    expect(expenseSummaryRange(EMPTY_EXPENSE_FILTERS, new Date('2026-04-01T03:30:00Z'))).toEqual(['2026-03-01', '2026-03-31']);
  });
});

describe('the expense form', () => {
  it('reads amounts as people type them', () => {
    expect(typedAmount('1,234.50')).toBe(1234.5);
    expect(typedAmount(' $ 80 ')).toBe(80);
    expect(typedAmount('')).toBeUndefined();
  });

  it('refuses what is no amount with its own message, never reading 1,5 as 15', () => {
    const errorFor = (amount: string) => {
      const result = expenseInputSchema.safeParse(
        expenseBody({ expense_type_id: '1', date: '2031-03-10', amount, description: 'Gasolina', payment_method_id: '' }),
      );
      return result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'amount')?.message;
    };
    expect(errorFor('1,5')).toBe('Escribe el monto con números, por ejemplo 1,250.50.');
    expect(errorFor('ochenta')).toBe('Escribe el monto con números, por ejemplo 1,250.50.');
    expect(errorFor('10.001')).toBe('El monto admite hasta dos decimales.');
    expect(errorFor('')).toBe('Captura el monto.');
    expect(errorFor('1,234.50')).toBeNull();
  });

  it('checks with the server’s schema and its Spanish messages', () => {
    const draft = { expense_type_id: '', date: '2031-03-10', amount: '0', description: '', payment_method_id: '' };
    const result = expenseInputSchema.safeParse(expenseBody(draft));
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['expense_type_id', 'Elige el tipo de gasto.'],
      ['amount', 'El monto debe ser mayor que cero.'],
      ['description', 'Describe el gasto.'],
    ]);
    const ok = expenseInputSchema.safeParse(expenseBody({ ...draft, expense_type_id: '2', amount: '1,500.25', description: ' Llantas ' }));
    expect(ok.success && ok.data).toEqual({
      expense_type_id: 2,
      date: '2031-03-10',
      amount: 1500.25,
      description: 'Llantas',
      payment_method_id: null,
    });
  });
});

describe('the Excel rows of the expenses page', () => {
  it('carry the visible columns, the date as a date and the amount as a number', () => {
    const row: ExpenseRow = {
      id: 7,
      expense_type_id: 1,
      type: 'Combustible',
      date: '2031-03-10',
      amount: 1234.56,
      description: 'Diésel',
      payment_method_id: null,
      payment_method: null,
      user_id: 1,
      user_name: 'Alejandra Garza Treviño',
      created_at: '2031-03-10T15:00:00.000Z',
    };
    const [exported] = expenseExportRows([row]);
    expect(Object.keys(exported!)).toEqual(['Folio', 'Fecha', 'Tipo', 'Descripción', 'Forma de pago', 'Monto', 'Registró']);
    expect(exported).toMatchObject({ Folio: 7, Tipo: 'Combustible', Monto: 1234.56, 'Forma de pago': '' });
    const date = exported!.Fecha as Date;
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate()]).toEqual([2031, 3, 10]);
  });
});
