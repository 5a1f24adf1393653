import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../deployment';
import { drawDocumentPdf, sanitize, wrapText } from './pdf';
import { quotationDocument } from './quotation-document';
import { quotationFixture } from './test-fixtures';

const identity = DEPLOYMENTS.frutas.identity;

/** The text of each page as a reader would select it, spaces collapsed. */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it reads: give it a copy.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

describe('a quotation drawn as PDF', () => {
  it('is a Letter-sized PDF whose text can be selected, accents included', async () => {
    const bytes = await drawDocumentPdf(quotationDocument(quotationFixture(), identity, 'full'));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(pdf.getTitle()).toBe('Cotización C-412');

    const [text] = await pagesText(bytes);
    for (const expected of [
      'Frutas del Norte',
      'Cotización',
      'C-412',
      'Restaurante La Nogalera',
      'Razón social',
      'Mariana Treviño',
      'Aguacate Hass',
      'Jitomate saladette',
      '$2,160.50',
      'IVA',
      'Crédito: 15 días',
      identity.clabe,
      'Los precios pueden cambiar sin previo aviso.',
      'Esta cotización es válida hasta el 30 de noviembre de 2026.',
      'Domicilio fiscal',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('continues a long table on new pages with its header repeated and every page numbered', async () => {
    const items = Array.from({ length: 90 }, (_, i) => ({
      id: i + 1,
      item_id: i + 1,
      name: `Producto de prueba número ${i + 1} con un nombre largo que ocupa más de una línea en la tabla`,
      macro: null,
      unit: 'kg',
      quantity: 1,
      price: 10,
      amount: 10,
    }));
    const bytes = await drawDocumentPdf(quotationDocument(quotationFixture({ items }), identity, 'full'));
    const pages = await pagesText(bytes);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
      expect(page).toContain('www.frutasdelnorte.mx');
    });
    // Every page the table reaches starts it again with its header.
    const withLines = pages.filter((page) => page.includes('Producto de prueba'));
    expect(withLines.length).toBeGreaterThan(1);
    for (const page of withLines) expect(page).toMatch(/Cantidad Producto Precio unitario Importe/);
    const all = pages.join(' ');
    for (const n of [1, 45, 90]) expect(all).toContain(`Producto de prueba número ${n} `);
  });

  it('draws text the standard fonts cannot encode instead of failing', async () => {
    const note = 'Tomates 🍅 ≥ 3\u202fcajas – “urgente”…\tgracias';
    const bytes = await drawDocumentPdf(quotationDocument(quotationFixture({ note }), identity, 'full'));
    const [text] = await pagesText(bytes);
    expect(text).toContain('Tomates ? >= 3 cajas – “urgente”… gracias');
  });
});

describe('text for the standard fonts', () => {
  it('keeps what WinAnsi encodes and replaces the rest', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const encodable = new Set(font.getCharacterSet());
    expect(sanitize('Cotización ñandú ¿sí? ¡Olé! €', encodable)).toBe('Cotización ñandú ¿sí? ¡Olé! €');
    expect(sanitize('ő ≤ 5 − 2 → ✓ 😀', encodable)).toBe('o <= 5 - 2 -> v ?');
    expect(sanitize('a\tb\r\nc', encodable)).toBe('a b \nc');
  });

  it('wraps at spaces within the width and cuts a word longer than a line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText('uno dos tres cuatro cinco seis siete', font, 10, 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('uno dos tres cuatro cinco seis siete');
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(60);
    const cut = wrapText('a'.repeat(80), font, 10, 60);
    expect(cut.join('')).toBe('a'.repeat(80));
    for (const line of cut) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(60);
    expect(wrapText('', font, 10, 60)).toEqual(['']);
  });
});
