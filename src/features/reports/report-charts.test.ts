import { describe, expect, it } from 'vitest';
import type { SalesSeries, Utilities } from '../../../domain/schemas/reports';
import { chartTableRows } from '../../ui/charts/chart-data';
import { chartSheetRows } from './export-report';
import {
  costsByMonthChart,
  expenseTypesChart,
  salesSeriesChart,
  sellersChart,
  topDueBalances,
  topItemsChart,
  UTILITY_DRAWN,
  utilitiesChart,
} from './report-charts';

const BY_DAY: SalesSeries = {
  data: [
    { period: '2031-05-01', label: '01/05/2031', sales_total: 0, sales_count: 0, collections_total: 250 },
    { period: '2031-05-02', label: '02/05/2031', sales_total: 1160, sales_count: 2, collections_total: 0 },
  ],
  meta: { from: '2031-05-01', to: '2031-05-02', group: 'day' },
};

const UTILITIES: Utilities = {
  data: [
    { month: '2031-05', label: 'Mayo 2031', sales: 1000, cost_of_goods: 400, gross_profit: 600, expenses: 100, net_profit: 500 },
    { month: '2031-06', label: 'Junio 2031', sales: 0, cost_of_goods: 0, gross_profit: 0, expenses: 50.5, net_profit: -50.5 },
  ],
  meta: {
    from: '2031-05-01',
    to: '2031-06-30',
    totals: { sales: 1000, cost_of_goods: 400, gross_profit: 600, expenses: 150.5, net_profit: 449.5 },
  },
};

describe('the report charts', () => {
  it('draw sales and collections per day, the day of the month on the axis and the full date in the table', () => {
    const { data, extras } = salesSeriesChart(BY_DAY);
    expect(data.axisLabels).toEqual(['01', '02']);
    expect(chartTableRows(data)).toEqual([
      { label: '01/05/2031', values: [0, 250] },
      { label: '02/05/2031', values: [1160, 0] },
    ]);
    expect(extras).toEqual([{ name: 'Núm. de ventas', values: [0, 2] }]);
  });

  it('name months in Spanish, shortened on the axis', () => {
    const { data } = salesSeriesChart({
      ...BY_DAY,
      data: [{ period: '2031-05', label: 'Mayo 2031', sales_total: 1, sales_count: 1, collections_total: 0 }],
      meta: { ...BY_DAY.meta, group: 'month' },
    });
    expect(data.labels).toEqual(['Mayo 2031']);
    expect(data.axisLabels).toEqual(['May 31']);
  });

  it('table every utility figure of each month in order, and draw all but the gross profit', () => {
    const data = utilitiesChart(UTILITIES);
    expect(data.series.map((s) => s.name)).toEqual(['Ventas', 'Costo de lo vendido', 'Utilidad bruta', 'Gastos', 'Utilidad neta']);
    expect(UTILITY_DRAWN.map((index) => data.series[index]!.name)).toEqual(['Ventas', 'Costo de lo vendido', 'Gastos', 'Utilidad neta']);
    expect(chartTableRows(data)[1]).toEqual({ label: 'Junio 2031', values: [0, 0, 0, 50.5, -50.5] });
    expect(costsByMonthChart(UTILITIES).series.map((s) => s.values)).toEqual([
      [400, 0],
      [100, 50.5],
    ]);
  });

  it('draw what each seller sold, with sales, collected and owed in the table', () => {
    const money = (n: number) => `$${n}`;
    const { data, extras } = sellersChart(
      [{ user_id: 2, name: 'Laura', last: 'Villarreal', sales_count: 3, sales_total: 900, collected: 600, due_balance: 300 }],
      money,
    );
    expect(data.labels).toEqual(['Laura Villarreal']);
    expect(data.series).toEqual([{ name: 'Vendido', values: [900] }]);
    expect(extras.map((e) => [e.name, e.values])).toEqual([
      ['Núm. de ventas', [3]],
      ['Cobrado', [600]],
      ['Por cobrar', [300]],
    ]);
  });

  it('draw items by amount or by cost, named with their unit', () => {
    const rows = [{ item_id: 4, name: 'Aguacate Hass', unit: 'kg', quantity: 12.5, amount: 812.5, sales_count: 3, cost: 500 }];
    expect(topItemsChart(rows, 'amount').data).toEqual({ labels: ['Aguacate Hass (kg)'], series: [{ name: 'Importe', values: [812.5] }] });
    expect(topItemsChart(rows, 'cost').data.series).toEqual([{ name: 'Costo', values: [500] }]);
  });

  it('leave out the expense types without expenses, and keep the customers that owe most', () => {
    const { data } = expenseTypesChart([
      { expense_type_id: 1, name: 'Combustible', count: 2, total: 300 },
      { expense_type_id: 2, name: 'Renta', count: 0, total: 0 },
    ]);
    expect(data.labels).toEqual(['Combustible']);
    const owing = [5, 40, 12].map((due_balance, index) => ({
      company_id: index,
      name: `C${index}`,
      credit_days: 15,
      sales: 1,
      due_balance,
      oldest_due_date: null,
    }));
    expect(topDueBalances(owing, 2).map((r) => r.due_balance)).toEqual([40, 12]);
  });

  it('export the table as it shows, days as dates when given', () => {
    const { data, extras } = salesSeriesChart(BY_DAY);
    const day = new Date(2031, 4, 1);
    expect(chartSheetRows({ labelHeader: 'Día', data, extras, labelCells: [day] })).toEqual([
      { Día: day, Ventas: 0, Cobranza: 250, 'Núm. de ventas': 0 },
      { Día: '02/05/2031', Ventas: 1160, Cobranza: 0, 'Núm. de ventas': 2 },
    ]);
  });
});
