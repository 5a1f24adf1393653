import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { DocumentModel, HeadingBlock, KeyValuesBlock, ParagraphsBlock, QrBlock, TableBlock, TotalsBlock } from './document';

/**
 * Draws a document model into a real PDF with selectable text (docs/decisions/003).
 *
 * pdf-lib only, no DOM and no Node API: the same code runs in the browser (a lazy chunk
 * loaded by 'Descargar PDF') and on the server (GET /api/v2/quotations/{id}/pdf and e-mail
 * attachments). The page is US Letter, 612 × 792 pt, the paper Mexican offices load: the
 * spec's 644 px wide document becomes the 540 pt between 36 pt margins (about 0.84 pt per
 * CSS px), so the PDF keeps the print view's proportions. Text uses the standard Helvetica
 * fonts, whose WinAnsi encoding covers Spanish; anything it cannot encode is replaced (see
 * `sanitize`) rather than failing the whole document.
 *
 * The logo is an SVG and pdf-lib draws no SVG: the brand's name is drawn as text in the
 * theme colour instead, which also keeps the PDF small and its text selectable.
 *
 * Layout is a cursor moving down the page: each block asks for the room it needs and a new
 * page starts when it does not fit; a table repeats its header on every page it reaches.
 * The footer and 'Página n de m' are drawn last, once the number of pages is known.
 *
 * A QR code is drawn as one vector path of its dark modules (no image: pdf-lib would have to
 * embed a PNG, and a path scans as well and weighs less); seals and cadenas are drawn in
 * Courier, cut at a fixed number of characters, so a reader can copy them exactly.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN_X = 36;
const MARGIN_TOP = 40;
const MARGIN_BOTTOM = 30;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const FOOTER_HEIGHT = 44;
/** Nothing but the footer is drawn below this line. */
const CONTENT_BOTTOM = MARGIN_BOTTOM + FOOTER_HEIGHT;

const BODY_SIZE = 9.5;
const SMALL_SIZE = 8;
/** Seals and cadenas: Courier's characters are 0.6 em wide, so 6.5 pt fits 138 to the line. */
const MONO_SIZE = 6.5;
/** The QR code's side: above the 2.75 cm the SAT asks of a CFDI's printed code. */
const QR_SIZE = 96;
const LINE = 1.35;
const BLOCK_GAP = 14;
const CELL_PAD_X = 5;
const CELL_PAD_Y = 4;

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.78, 0.78, 0.78);
const WHITE = rgb(1, 1, 1);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** Draws `model` and returns the PDF file's bytes. */
export async function drawDocumentPdf(model: DocumentModel): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const encodable = new Set(fonts.regular.getCharacterSet());
  const clean = (value: string) => sanitize(value, encodable);
  doc.setTitle(clean(model.title), { showInWindowTitleBar: true });
  doc.setAuthor(clean(model.brand.name));
  doc.setCreator(clean(model.brand.name));
  doc.setProducer('pdf-lib');
  doc.setLanguage('es-MX');

  const canvas = new Canvas(doc, fonts, clean, parseColor(model.brand.color));
  for (const [index, block] of model.blocks.entries()) {
    if (index > 0) canvas.gap(BLOCK_GAP);
    switch (block.kind) {
      case 'heading':
        canvas.heading(block, model.brand.name);
        break;
      case 'keyValues':
        canvas.keyValues(block);
        break;
      case 'table':
        canvas.table(block);
        break;
      case 'totals':
        canvas.totals(block);
        break;
      case 'paragraphs':
        if (block.monospace) canvas.monospace(block);
        else canvas.paragraphs(block);
        break;
      case 'qr':
        canvas.qr(block);
        break;
    }
  }
  canvas.footers(model.footer.map(clean), model.pageLabel);
  return doc.save();
}

/** The cursor over the pages: where the next line goes, and a new page when it is full. */
class Canvas {
  private page: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly clean: (value: string) => string,
    private readonly accent: RGB,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN_TOP;
    return this.page;
  }

  /** Starts a new page unless `height` more points fit on this one; true when it did. */
  private ensure(height: number): boolean {
    if (this.y - height >= CONTENT_BOTTOM) return false;
    this.newPage();
    return true;
  }

  gap(points: number): void {
    // A gap never carries over to the top of a new page.
    this.y = Math.max(this.y - points, CONTENT_BOTTOM);
  }

  private text(value: string, x: number, baseline: number, size: number, font: PDFFont, color: RGB = INK): void {
    if (value) this.page.drawText(value, { x, y: baseline, size, font, color });
  }

  private textRight(value: string, right: number, baseline: number, size: number, font: PDFFont, color: RGB = INK): void {
    this.text(value, right - font.widthOfTextAtSize(value, size), baseline, size, font, color);
  }

  private wrap(value: string, font: PDFFont, size: number, width: number): string[] {
    return wrapText(this.clean(value), font, size, width);
  }

  private sectionTitle(title: string): void {
    const size = 10.5;
    this.y -= size;
    this.text(this.clean(title), MARGIN_X, this.y, size, this.fonts.bold, this.accent);
    this.y -= size * 0.5;
  }

  heading(block: HeadingBlock, brandName: string): void {
    const { regular, bold } = this.fonts;
    const top = this.y;
    const leftWidth = CONTENT_WIDTH * 0.55;
    const rightEdge = MARGIN_X + CONTENT_WIDTH;
    const rightWidth = CONTENT_WIDTH - leftWidth - 12;

    // Left: the brand (where the logo goes) and who issues the document.
    let left = top;
    for (const line of this.wrap(brandName, bold, 20, leftWidth)) {
      left -= 20;
      this.text(line, MARGIN_X, left, 20, bold, this.accent);
    }
    left -= 4;
    for (const line of block.issuer.flatMap((entry) => this.wrap(entry, regular, SMALL_SIZE, leftWidth))) {
      left -= SMALL_SIZE * LINE;
      this.text(line, MARGIN_X, left, SMALL_SIZE, regular, MUTED);
    }

    // Right: title, number and facts, right-aligned.
    let right = top - 16;
    this.textRight(this.clean(block.title), rightEdge, right, 16, bold);
    right -= 15;
    this.textRight(this.clean(block.number), rightEdge, right, 12, bold, this.accent);
    right -= 4;
    for (const fact of block.facts) {
      for (const line of this.wrap(`${fact.label}: ${fact.value}`, regular, BODY_SIZE, rightWidth)) {
        right -= BODY_SIZE * LINE;
        this.textRight(line, rightEdge, right, BODY_SIZE, regular);
      }
    }

    this.y = Math.min(left, right) - 8;
    this.page.drawLine({ start: { x: MARGIN_X, y: this.y }, end: { x: rightEdge, y: this.y }, thickness: 1.5, color: this.accent });
  }

  keyValues(block: KeyValuesBlock): void {
    const { regular, bold } = this.fonts;
    const labels = block.rows.map((row) => `${this.clean(row.label)}:`);
    // The widest label sets the value column, up to a third of the width (longer labels wrap).
    const labelTextWidth = Math.min(Math.max(0, ...labels.map((l) => bold.widthOfTextAtSize(l, BODY_SIZE))), CONTENT_WIDTH * 0.33);
    const labelWidth = labelTextWidth + 8;
    const valueWidth = CONTENT_WIDTH - labelWidth;
    const lineHeight = BODY_SIZE * LINE;
    const rows = block.rows.map((row, i) => ({
      label: this.wrap(labels[i]!, bold, BODY_SIZE, labelTextWidth),
      value: this.wrap(row.value, regular, BODY_SIZE, valueWidth),
    }));
    const rowHeight = (row: (typeof rows)[number]) => Math.max(row.label.length, row.value.length, 1) * lineHeight;
    // The title never sits alone at the foot of a page.
    this.ensure(10.5 * 1.5 + (rows[0] ? rowHeight(rows[0]) : 0));
    this.sectionTitle(block.title);
    for (const row of rows) {
      this.ensure(rowHeight(row));
      const top = this.y;
      row.label.forEach((line, i) => this.text(line, MARGIN_X, top - (i + 1) * lineHeight + 2, BODY_SIZE, bold));
      row.value.forEach((line, i) => this.text(line, MARGIN_X + labelWidth, top - (i + 1) * lineHeight + 2, BODY_SIZE, regular));
      this.y = top - rowHeight(row);
    }
  }

  table(block: TableBlock): void {
    const { regular, bold } = this.fonts;
    const size = block.compact ? SMALL_SIZE : BODY_SIZE;
    const padX = block.compact ? 3 : CELL_PAD_X;
    const padY = block.compact ? 3 : CELL_PAD_Y;
    const lineHeight = size * LINE;
    const widths = block.columns.map((column) => column.width * CONTENT_WIDTH);
    const xs = widths.map((_, i) => MARGIN_X + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
    const cellLines = (cells: string[], font: PDFFont) => cells.map((cell, i) => this.wrap(cell, font, size, widths[i]! - 2 * padX));
    const height = (lines: string[][]) => Math.max(1, ...lines.map((l) => l.length)) * lineHeight + 2 * padY;

    const drawRow = (lines: string[][], font: PDFFont, color: RGB, fill: RGB | null) => {
      const rowHeight = height(lines);
      const top = this.y;
      if (fill) this.page.drawRectangle({ x: MARGIN_X, y: top - rowHeight, width: CONTENT_WIDTH, height: rowHeight, color: fill });
      lines.forEach((cell, c) => {
        const column = block.columns[c]!;
        cell.forEach((line, l) => {
          const baseline = top - padY - (l + 1) * lineHeight + size * 0.26;
          if (column.align === 'right') this.textRight(line, xs[c]! + widths[c]! - padX, baseline, size, font, color);
          else this.text(line, xs[c]! + padX, baseline, size, font, color);
        });
      });
      this.y = top - rowHeight;
    };

    const header = cellLines(
      block.columns.map((column) => column.label),
      bold,
    );
    const drawHeader = () => drawRow(header, bold, WHITE, this.accent);
    const rows = block.rows.map((cells) => cellLines(cells, regular));
    // The header never sits alone at the foot of a page.
    this.ensure(height(header) + (rows[0] ? height(rows[0]) : 0));
    drawHeader();
    const zebra = tint(this.accent, 0.93);
    rows.forEach((lines, index) => {
      if (this.ensure(height(lines))) drawHeader();
      drawRow(lines, regular, INK, index % 2 === 1 ? zebra : null);
      this.page.drawLine({
        start: { x: MARGIN_X, y: this.y },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
    });
  }

  totals(block: TotalsBlock): void {
    const width = CONTENT_WIDTH * 0.4;
    const left = MARGIN_X + CONTENT_WIDTH - width;
    const right = MARGIN_X + CONTENT_WIDTH;
    const heights = block.rows.map((row) => (row.emphasis ? 12 : BODY_SIZE) * LINE + 2);
    this.ensure(heights.reduce((sum, h) => sum + h, 0));
    block.rows.forEach((row, i) => {
      const size = row.emphasis ? 12 : BODY_SIZE;
      const font = row.emphasis ? this.fonts.bold : this.fonts.regular;
      if (row.emphasis) this.page.drawLine({ start: { x: left, y: this.y }, end: { x: right, y: this.y }, thickness: 1, color: INK });
      this.y -= heights[i]!;
      this.text(this.clean(row.label), left + CELL_PAD_X, this.y + 4, size, this.fonts.bold);
      this.textRight(this.clean(row.value), right - CELL_PAD_X, this.y + 4, size, font);
    });
  }

  paragraphs(block: ParagraphsBlock): void {
    const { regular } = this.fonts;
    const lineHeight = BODY_SIZE * LINE;
    const indent = block.list ? 12 : 0;
    const paragraphs = block.paragraphs.map((p) => this.wrap(p, regular, BODY_SIZE, CONTENT_WIDTH - indent));
    this.ensure(10.5 * 1.5 + (paragraphs[0] ? Math.min(paragraphs[0].length, 2) * lineHeight : 0));
    this.sectionTitle(block.title);
    paragraphs.forEach((lines, p) => {
      if (p > 0) this.y -= 3;
      lines.forEach((line, l) => {
        this.ensure(lineHeight);
        this.y -= lineHeight;
        if (block.list && l === 0) this.text('•', MARGIN_X + 2, this.y + 2, BODY_SIZE, regular);
        this.text(line, MARGIN_X + indent, this.y + 2, BODY_SIZE, regular);
      });
    });
  }

  /** Fixed-width text cut every so many characters: a long run without spaces reads and copies exactly. */
  monospace(block: ParagraphsBlock): void {
    const { mono } = this.fonts;
    const lineHeight = MONO_SIZE * 1.25;
    const perLine = Math.floor(CONTENT_WIDTH / mono.widthOfTextAtSize('0', MONO_SIZE));
    const paragraphs = block.paragraphs.map((p) => {
      const text = this.clean(p).replace(/\s+/g, ' ');
      const lines: string[] = [];
      for (let start = 0; start < text.length; start += perLine) lines.push(text.slice(start, start + perLine));
      return lines;
    });
    // The title and the start of its text stay together; a seal is short enough to keep whole.
    this.ensure(10.5 * 1.5 + (paragraphs[0]?.length ?? 0) * lineHeight);
    this.sectionTitle(block.title);
    paragraphs.forEach((lines, p) => {
      if (p > 0) this.y -= 3;
      for (const line of lines) {
        this.ensure(lineHeight);
        this.y -= lineHeight;
        this.text(line, MARGIN_X, this.y + 1.5, MONO_SIZE, mono);
      }
    });
  }

  /** The code on the left, its facts on the right, kept together on one page. */
  qr(block: QrBlock): void {
    const { regular, bold } = this.fonts;
    const lineHeight = SMALL_SIZE * LINE;
    const textLeft = MARGIN_X + QR_SIZE + 16;
    const textWidth = MARGIN_X + CONTENT_WIDTH - textLeft;
    // 'Label: value' as the heading's facts read, the label in bold. Measured in bold throughout,
    // so the first line, part bold, never runs past the width.
    const rows = block.rows.map((row) => ({
      label: `${this.clean(row.label)}:`,
      lines: this.wrap(`${row.label}: ${row.value}`, bold, SMALL_SIZE, textWidth),
    }));
    const textHeight = rows.reduce((sum, row) => sum + row.lines.length * lineHeight + 1.5, 0);
    this.ensure(Math.max(QR_SIZE, textHeight));
    const top = this.y;

    const size = block.modules.length;
    if (size > 0) {
      const cell = QR_SIZE / size;
      // One path of the dark runs of each row: a single fill has no seams between modules.
      let path = '';
      block.modules.forEach((row, r) => {
        for (let c = 0; c < size; c++) {
          if (!row[c]) continue;
          let end = c;
          while (end + 1 < size && row[end + 1]) end++;
          path += `M${c * cell} ${r * cell}h${(end - c + 1) * cell}v${cell}h${-(end - c + 1) * cell}Z`;
          c = end;
        }
      });
      this.page.drawSvgPath(path, { x: MARGIN_X, y: top, color: rgb(0, 0, 0) });
    }

    let y = top;
    for (const row of rows) {
      row.lines.forEach((line, index) => {
        y -= lineHeight;
        if (index === 0 && line.startsWith(row.label)) {
          const labelWidth = bold.widthOfTextAtSize(`${row.label} `, SMALL_SIZE) + 1;
          this.text(row.label, textLeft, y + 2, SMALL_SIZE, bold);
          this.text(line.slice(row.label.length).trimStart(), textLeft + labelWidth, y + 2, SMALL_SIZE, regular);
        } else this.text(line, textLeft, y + 2, SMALL_SIZE, regular);
      });
      y -= 1.5;
    }
    this.y = Math.min(top - QR_SIZE, y);
  }

  /** The footer lines and the page number, on every page. */
  footers(lines: string[], pageLabel: (page: number, pages: number) => string): void {
    const pages = this.doc.getPages();
    const { regular } = this.fonts;
    const lineHeight = SMALL_SIZE * LINE;
    pages.forEach((page, index) => {
      const top = MARGIN_BOTTOM + FOOTER_HEIGHT - 8;
      page.drawLine({ start: { x: MARGIN_X, y: top }, end: { x: MARGIN_X + CONTENT_WIDTH, y: top }, thickness: 0.5, color: RULE });
      let y = top;
      for (const line of lines.flatMap((l) => wrapText(l, regular, SMALL_SIZE, CONTENT_WIDTH))) {
        y -= lineHeight;
        page.drawText(line, {
          x: MARGIN_X + (CONTENT_WIDTH - regular.widthOfTextAtSize(line, SMALL_SIZE)) / 2,
          y,
          size: SMALL_SIZE,
          font: regular,
          color: MUTED,
        });
      }
      const label = this.clean(pageLabel(index + 1, pages.length));
      page.drawText(label, {
        x: MARGIN_X + CONTENT_WIDTH - regular.widthOfTextAtSize(label, SMALL_SIZE),
        y: MARGIN_BOTTOM - 10,
        size: SMALL_SIZE,
        font: regular,
        color: MUTED,
      });
    });
  }
}

/** Lines of at most `width` points, broken at spaces; a word longer than a line is cut. */
export function wrapText(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line || lines.length === 0) lines.push(line);
  }
  return lines;
}

/** Look-alikes for characters WinAnsi lacks, before falling back to the letter without its accent. */
const REPLACEMENTS: Record<string, string> = {
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2007': ' ',
  '\u2011': '-',
  '\u2212': '-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2713': 'v',
};

/**
 * Text the standard fonts can encode: pdf-lib throws on a character outside WinAnsi, and
 * one emoji in a note must not cost the customer their quotation. Line breaks are kept
 * (wrapping splits on them); other control characters become spaces.
 */
export function sanitize(value: string, encodable: ReadonlySet<number>): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n') out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (encodable.has(code)) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      // 'ő' → 'o': the base letter when the accent is what WinAnsi lacks.
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => encodable.has(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out;
}

export function parseColor(hex: string): RGB {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return INK;
  const n = Number.parseInt(match[1]!, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** `color` mixed with white: `amount` 1 is white. */
function tint(color: RGB, amount: number): RGB {
  return rgb(color.red + (1 - color.red) * amount, color.green + (1 - color.green) * amount, color.blue + (1 - color.blue) * amount);
}
