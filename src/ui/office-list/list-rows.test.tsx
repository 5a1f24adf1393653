import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListCards, ListTable, type ListColumn } from './list-rows';

interface Fruit {
  id: number;
  name: string;
  kg: number;
}
const FRUITS: Fruit[] = [
  { id: 1, name: 'Mango', kg: 12.5 },
  { id: 2, name: 'Papaya', kg: 3 },
];
const COLUMNS: ListColumn<Fruit, 'id' | 'kg'>[] = [
  { key: 'id', sort: 'id', label: 'Folio', cell: (f) => `F-${f.id}` },
  { key: 'name', label: 'Nombre', cell: (f) => f.name },
  { key: 'kg', sort: 'kg', label: 'Peso', cell: (f) => `${f.kg} kg`, numeric: true },
];
const noop = () => undefined;
const rowKey = (f: Fruit) => f.id;

const headers = (html: string) =>
  [...html.matchAll(/<th scope="col"([^>]*)>(.*?)<\/th>/g)].map((m) => [m[1]!.trim(), m[2]!.replace(/<[^>]+>/g, '')]);

describe('the office list table', () => {
  it('makes sortable headers buttons that say the sort, and leaves the others plain', () => {
    const html = renderToStaticMarkup(
      <ListTable
        rows={FRUITS}
        rowKey={rowKey}
        columns={COLUMNS}
        busy={false}
        sort={{ column: 'kg', descending: true }}
        onSort={noop}
        menuLabel={(f) => `Acciones de F-${f.id}`}
        onMenu={noop}
      />,
    );
    expect(headers(html)).toEqual([
      ['aria-sort="none"', 'Folio'],
      ['', 'Nombre'],
      ['aria-sort="descending" class="numeric"', 'Peso ▼'],
      ['', 'Acciones'],
    ]);
    expect(html).toContain('title="Ordenar por Peso (descendente)"');
    expect(html).toContain('title="Ordenar por Folio"');
  });

  it('heads each row with its first column and gives each row a named menu button', () => {
    const html = renderToStaticMarkup(
      <ListTable
        rows={FRUITS}
        rowKey={rowKey}
        columns={COLUMNS}
        busy
        sort={null}
        onSort={noop}
        menuLabel={(f) => `Acciones de F-${f.id}`}
        onMenu={noop}
      />,
    );
    expect([...html.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1])).toEqual(['F-1', 'F-2']);
    expect([...html.matchAll(/<button type="button" class="icon-button" aria-label="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'Acciones de F-1',
      'Acciones de F-2',
    ]);
    expect(html).toContain('aria-busy="true"');
  });

  it('draws no menu column for a list without row menus, and a toggle column for expanding rows', () => {
    const plain = renderToStaticMarkup(
      <ListTable rows={FRUITS} rowKey={rowKey} columns={COLUMNS} busy={false} sort={null} onSort={noop} menuColumn={false} />,
    );
    expect(headers(plain).map(([, label]) => label)).toEqual(['Folio', 'Nombre', 'Peso']);
    const expanding = renderToStaticMarkup(
      <ListTable
        rows={FRUITS}
        rowKey={rowKey}
        columns={COLUMNS}
        busy={false}
        sort={null}
        onSort={noop}
        expand={{ header: 'Detalle', label: (f, open) => `${open ? 'Ocultar' : 'Ver'} F-${f.id}`, render: (f) => f.name }}
      />,
    );
    expect(headers(expanding)[0]).toEqual(['class="data-table__toggle"', 'Detalle']);
    expect(expanding).toContain('aria-expanded="false" aria-label="Ver F-2"');
  });

  it('draws every row of a page whole (no virtual padding below 50 rows)', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `Fruta ${i + 1}`, kg: i }));
    const html = renderToStaticMarkup(<ListTable rows={many} rowKey={rowKey} columns={COLUMNS} busy={false} sort={null} onSort={noop} />);
    expect(html.match(/<th scope="row">/g)).toHaveLength(50);
    expect(html).not.toContain('aria-rowcount');
  });
});

describe('the office list cards', () => {
  it('put each row in a list item, with what goes before and after the list', () => {
    const html = renderToStaticMarkup(
      <ListCards rows={FRUITS} rowKey={rowKey} busy={false} hint={<p>Pista</p>} after={<p>Después</p>}>
        {(f) => <span>{f.name}</span>}
      </ListCards>,
    );
    expect(html).toMatch(
      /<p>Pista<\/p><ul class="list-cards"[^>]*><li data-index="0"><span>Mango<\/span><\/li><li data-index="1"><span>Papaya<\/span><\/li><\/ul><p>Después<\/p>/,
    );
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('draw the cards that fill the screen first, and the rest of the page after them', () => {
      // A 396 px screen holds three cards of 132 px: four are drawn in the first render.
      vi.stubGlobal('window', { innerHeight: 396 });
      const page = Array.from({ length: 15 }, (_, index) => ({ id: index + 1, name: `Fruta ${index + 1}`, kg: 1 }));
      const html = renderToStaticMarkup(
        <ListCards rows={page} rowKey={rowKey} busy={false}>
          {(f) => <span>{f.name}</span>}
        </ListCards>,
      );
      expect([...html.matchAll(/<span>(.*?)<\/span>/g)].map((m) => m[1])).toEqual(['Fruta 1', 'Fruta 2', 'Fruta 3', 'Fruta 4']);
    });
  });
});
