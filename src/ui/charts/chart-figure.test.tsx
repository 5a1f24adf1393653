import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { barGeometry, chartTableRows, labelStep, seriesTotals, type ChartData } from './chart-data';
import { ChartFigure } from './chart-figure';

const WEEK: ChartData = {
  labels: ['01/05/2031', '02/05/2031', '03/05/2031'],
  axisLabels: ['01', '02', '03'],
  series: [
    { name: 'Ventas', values: [0.1, 0.2, 1200.55] },
    { name: 'Cobranza', values: [500, 0, 0.3] },
  ],
};

const cells = (html: string, section: 'tbody' | 'tfoot') =>
  [...(html.split(`<${section}>`)[1]?.split(`</${section}>`)[0] ?? '').matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/&nbsp;|\u00a0/g, ' ')),
  );

describe('a chart and its table', () => {
  it('have one row per label, in the chart’s order, with every series’ value', () => {
    expect(chartTableRows(WEEK)).toEqual([
      { label: '01/05/2031', values: [0.1, 500] },
      { label: '02/05/2031', values: [0.2, 0] },
      { label: '03/05/2031', values: [1200.55, 0.3] },
    ]);
  });

  it('add up in whole centavos, so a total has no float noise', () => {
    expect(seriesTotals(WEEK)).toEqual([1200.85, 500.3]);
  });

  it('show in the table exactly what the chart draws, with the extra columns and the totals', () => {
    const html = renderToStaticMarkup(
      <ChartFigure
        title="Ventas y cobranza por día"
        data={WEEK}
        labelHeader="Día"
        extras={[{ name: 'Núm. de ventas', values: [0, 1, 3] }]}
        totals
      />,
    );
    expect(html).toContain('<caption class="visually-hidden">Ventas y cobranza por día</caption>');
    expect(html).toContain(
      '<th scope="col">Día</th><th scope="col" class="numeric">Ventas</th><th scope="col" class="numeric">Cobranza</th><th scope="col" class="numeric">Núm. de ventas</th>',
    );
    expect(cells(html, 'tbody')).toEqual([
      ['01/05/2031', '$0.10', '$500.00', '0'],
      ['02/05/2031', '$0.20', '$0.00', '1'],
      ['03/05/2031', '$1,200.55', '$0.30', '3'],
    ]);
    expect(cells(html, 'tfoot')).toEqual([['Total', '$1,200.85', '$500.30', '4']]);
    // The chart waits for its lazy chunk; its legend names the series it will draw.
    expect(html).toContain('Cargando gráfica…');
    expect(html).toMatch(/<ul class="chart-legend" aria-hidden="true">.*Ventas.*Cobranza.*<\/ul>/);
  });

  it('draws only the chosen series but tables them all', () => {
    const html = renderToStaticMarkup(<ChartFigure title="Utilidades" data={WEEK} labelHeader="Mes" drawn={[1]} />);
    expect(html).not.toContain('chart-legend');
    expect(cells(html, 'tbody')[0]).toEqual(['01/05/2031', '$0.10', '$500.00']);
  });

  it('says so when the period has nothing', () => {
    const html = renderToStaticMarkup(
      <ChartFigure title="Ventas por vendedor" data={{ labels: [], series: [{ name: 'Vendido', values: [] }] }} labelHeader="Vendedor" />,
    );
    expect(html).toContain('Sin datos en el periodo.');
    expect(html).not.toContain('<table');
  });
});

describe('the bars’ geometry', () => {
  it('fits the bars of every label in its space, between 2 and 28 pixels wide', () => {
    expect(barGeometry(620, 31, 2)).toEqual({ width: 8, distance: 9 });
    expect(barGeometry(620, 2, 1)).toEqual({ width: 28, distance: 29 });
    expect(barGeometry(300, 366, 2)).toEqual({ width: 2, distance: 3 });
  });

  it('shows every nth axis label so that they do not overlap', () => {
    expect(labelStep(31, 620, 34)).toBe(2);
    expect(labelStep(12, 620, 34)).toBe(1);
  });
});
