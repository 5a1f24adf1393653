import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { Slip, SlipSheetModel } from './document';
import { parseColor, sanitize, wrapText } from './pdf';

/**
 * Draws a sheet of slips (payroll 'Recibo', four per page) into a real PDF with selectable
 * text, with the same parts and arrangement as the print view (docs/decisions/003: one
 * source, two outputs; the same pdf-lib and Helvetica as every other document).
 *
 * US Letter, the page split into `perPage` equal bands, a dashed cutting line between them.
 * In each band: the brand, who issues it, the title and date across the top; then three
 * columns: the facts with the total and the sentence under them, what is added, and what is
 * taken with the signature line at the foot.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const PAD = 10;
const SIZE = 8;
const LINE = SIZE * 1.3;
const COLUMN_GAP = 14;

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.6, 0.6, 0.6);

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  accent: RGB;
  clean: (value: string) => string;
}

export async function drawSlipsPdf(model: SlipSheetModel): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  const clean = (value: string) => sanitize(value, encodable);
  doc.setTitle(clean(model.title), { showInWindowTitleBar: true });
  doc.setAuthor(clean(model.brand.name));
  doc.setCreator(clean(model.brand.name));
  doc.setProducer('pdf-lib');
  doc.setLanguage('es-MX');

  const accent = parseColor(model.brand.color);
  const band = (PAGE_HEIGHT - 2 * MARGIN) / model.perPage;
  const pages = Math.max(1, Math.ceil(model.slips.length / model.perPage));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const pen: Pen = { page, regular, bold, accent, clean };
    const slips = model.slips.slice(p * model.perPage, (p + 1) * model.perPage);
    slips.forEach((slip, index) => {
      const top = PAGE_HEIGHT - MARGIN - index * band;
      drawSlip(pen, slip, model.brand.name, top, band);
      if (index > 0) {
        page.drawLine({
          start: { x: MARGIN, y: top },
          end: { x: PAGE_WIDTH - MARGIN, y: top },
          thickness: 0.6,
          color: RULE,
          dashArray: [4, 3],
        });
      }
    });
    const label = clean(model.pageLabel(p + 1, pages));
    page.drawText(label, {
      x: PAGE_WIDTH - MARGIN - regular.widthOfTextAtSize(label, 7),
      y: MARGIN / 2,
      size: 7,
      font: regular,
      color: MUTED,
    });
  }
  return doc.save();
}

function drawSlip(pen: Pen, slip: Slip, brandName: string, top: number, height: number): void {
  const { page, regular, bold, accent, clean } = pen;
  const left = MARGIN + PAD;
  const right = MARGIN + CONTENT_WIDTH - PAD;
  const width = right - left;
  const text = (value: string, x: number, y: number, font: PDFFont, size = SIZE, color: RGB = INK) =>
    page.drawText(clean(value), { x, y, size, font, color });
  const textRight = (value: string, x: number, y: number, font: PDFFont, size = SIZE, color: RGB = INK) =>
    page.drawText(clean(value), { x: x - font.widthOfTextAtSize(clean(value), size), y, size, font, color });

  // The top line: brand and issuer on the left, title and date on the right.
  let y = top - PAD - 11;
  text(brandName, left, y, bold, 11, accent);
  textRight(slip.title, right, y, bold, 12);
  y -= LINE + 1;
  text(slip.issuer, left, y, regular, SIZE, MUTED);
  textRight(`${slip.date.label}: ${slip.date.value}`, right, y, regular);
  y -= 5;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 1, color: accent });

  // Three columns: the facts, then each column of amounts with its subtotal.
  const columnWidth = (width - 2 * COLUMN_GAP) / 3;
  const columnsTop = y - 3;
  let factsY = columnsTop;
  for (const fact of slip.facts) {
    factsY -= LINE;
    text(`${fact.label}:`, left, factsY, bold);
    const lines = wrapText(clean(fact.value), regular, SIZE, columnWidth - 62);
    lines.forEach((line, i) => text(line, left + 62, factsY - i * LINE, regular));
    factsY -= (lines.length - 1) * LINE;
  }
  // Under the facts: what is paid, and the sentence the signature stands for.
  const totalY = factsY - LINE - 8;
  text(`${slip.total.label}: ${slip.total.value}`, left, totalY, bold, 10);
  wrapText(clean(slip.statement), regular, 7, columnWidth)
    .slice(0, 3)
    .forEach((line, i) => text(line, left, totalY - 11 - i * 8.5, regular, 7, MUTED));

  slip.columns.forEach((column, c) => {
    const x = left + (c + 1) * (columnWidth + COLUMN_GAP);
    let cy = columnsTop - LINE;
    text(column.title, x, cy, bold, SIZE, accent);
    for (const row of column.rows) {
      cy -= LINE;
      text(row.label, x, cy, regular);
      textRight(row.value, x + columnWidth, cy, regular);
    }
    // The rule sits under the last row's descenders, the subtotal under the rule.
    const rule = cy - 3.5;
    page.drawLine({ start: { x, y: rule }, end: { x: x + columnWidth, y: rule }, thickness: 0.5, color: RULE });
    cy = rule - LINE + 1;
    text(column.subtotal.label, x, cy, bold);
    textRight(column.subtotal.value, x + columnWidth, cy, bold);
  });

  // The signature line at the foot of the band, under the deductions (the shorter column).
  const signLeft = right - columnWidth;
  const signY = top - height + PAD + 18;
  page.drawLine({ start: { x: signLeft, y: signY }, end: { x: right, y: signY }, thickness: 0.7, color: INK });
  const signer = clean(slip.signer);
  text(signer, signLeft + (columnWidth - regular.widthOfTextAtSize(signer, SIZE)) / 2, signY - 10, regular);
  const caption = clean(slip.signature);
  text(caption, signLeft + (columnWidth - regular.widthOfTextAtSize(caption, 7)) / 2, signY - 19, regular, 7, MUTED);
}
