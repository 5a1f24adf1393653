import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { qrModules } from '../../../domain/documents/cfdi-document';
import type { DocumentBlock, DocumentModel } from '../../../domain/documents/document';
import { DocumentView, QR_QUIET_ZONE, qrRuns } from './document-view';

const URL_SAT =
  'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=5FB2822E-396D-4725-8521-CDC4BDD20CCF&re=EKU9003173C9&rr=XIA190128J61&tt=0000001160.000000&fe=Ab3dEf==';
const SEAL = 'Kx9+QmZ3/'.repeat(40);

const model = (blocks: DocumentBlock[]): DocumentModel => ({
  title: 'Factura A-7',
  fileName: 'Factura A-7.pdf',
  brand: { name: 'Frutas del Norte', color: '#2e7d32', logo: '/brand/frutas.svg' },
  blocks,
  footer: ['Este documento es una representación impresa de un CFDI 4.0.'],
  pageLabel: (page, pages) => `Página ${page} de ${pages}`,
});

const draw = (blocks: DocumentBlock[]) => renderToStaticMarkup(<DocumentView model={model(blocks)} />);

/** The modules the SVG's dark rectangles cover, read back into a matrix of `size`. */
function modulesDrawn(html: string, size: number): boolean[][] {
  const drawn = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, width, height] of html.matchAll(/<rect x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)" fill="#000"/g)) {
    expect(Number(height)).toBe(1);
    for (let column = Number(x); column < Number(x) + Number(width); column++) {
      expect(drawn[Number(y)]![column], `module ${y},${column} drawn twice`).toBe(false);
      drawn[Number(y)]![column] = true;
    }
  }
  return drawn;
}

describe('the print view of a document', () => {
  it("draws a CFDI's QR code as vector rectangles covering exactly its dark modules, with its quiet zone", () => {
    const modules = qrModules(URL_SAT);
    const html = draw([
      { kind: 'qr', modules, text: URL_SAT, rows: [{ label: 'Folio fiscal', value: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }] },
    ]);
    expect(modulesDrawn(html, modules.length)).toEqual(modules);
    const side = modules.length + 2 * QR_QUIET_ZONE;
    expect(html).toContain(`viewBox="-4 -4 ${side} ${side}"`);
    expect(html).toContain(`<rect x="-4" y="-4" width="${side}" height="${side}" fill="#fff"></rect>`);
    expect(html).toContain('shape-rendering="crispEdges"');
  });

  it('names the code by what it says, and shows its facts beside it', () => {
    const html = draw([
      {
        kind: 'qr',
        modules: qrModules(URL_SAT),
        text: URL_SAT,
        rows: [
          { label: 'Folio fiscal', value: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' },
          { label: 'RFC del proveedor de certificación', value: 'SPR190613I52' },
        ],
      },
    ]);
    expect(html).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="https:\/\/verificacfdi\.facturaelectronica\.sat\.gob\.mx\/default\.aspx\?id=5FB2822E/,
    );
    expect(html).toContain('<dt>Folio fiscal</dt><dd>5FB2822E-396D-4725-8521-CDC4BDD20CCF</dd>');
    expect(html).toContain('<dt>RFC del proveedor de certificación</dt><dd>SPR190613I52</dd>');
  });

  it('joins the dark modules of a row into one rectangle per run', () => {
    expect(
      qrRuns([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toEqual([
      { x: 0, y: 0, width: 2 },
      { x: 3, y: 0, width: 1 },
      { x: 1, y: 2, width: 3 },
    ]);
  });

  it('sets a seal in fixed-width text that breaks anywhere, and ordinary paragraphs as before', () => {
    const html = draw([
      { kind: 'paragraphs', title: 'Sello digital del CFDI', paragraphs: [SEAL], monospace: true },
      { kind: 'paragraphs', title: 'Condiciones', paragraphs: ['Pago a 15 días.'] },
    ]);
    expect(html).toContain(`<h2>Sello digital del CFDI</h2><p class="doc__mono">${SEAL}</p>`);
    expect(html).toContain('<h2>Condiciones</h2><p>Pago a 15 días.</p>');
    // The rule that makes it so: a monospace face, and a break at any character of a run without spaces.
    const css = readFileSync(new URL('./document-view.css', import.meta.url), 'utf8');
    const rule = /\.doc \.doc__mono \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/font-family:[^;]*monospace;/);
    expect(rule).toContain('overflow-wrap: anywhere;');
  });
});
