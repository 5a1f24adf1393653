/**
 * A printed document as blocks of text already formatted for people (docs/decisions/003):
 * the print view renders these blocks as HTML and `pdf.ts` draws the same blocks into a
 * PDF, so both outputs come from one source. Quotations build one today; payroll receipts
 * and purchase orders are meant to reuse the same blocks.
 */

export interface DocumentBrand {
  /** Shown where the logo goes: the PDF draws it as text (pdf-lib cannot draw SVG). */
  name: string;
  /** '#rrggbb', the deployment's theme colour. */
  color: string;
  /** The logo's path in the app (an SVG under /brand/), for the HTML view. */
  logo: string;
}

export interface KeyValue {
  label: string;
  value: string;
}

/** The top of the first page: the brand and who issues the document, its title, number and facts. */
export interface HeadingBlock {
  kind: 'heading';
  title: string;
  number: string;
  /** Under the brand: legal name, tax id, address. */
  issuer: string[];
  /** Beside the number: date, validity, status. */
  facts: KeyValue[];
}

export interface KeyValuesBlock {
  kind: 'keyValues';
  title: string;
  rows: KeyValue[];
}

export interface TableColumn {
  label: string;
  align: 'left' | 'right';
  /** Share of the table's width; the shares of a table add up to 1. */
  width: number;
}

export interface TableBlock {
  kind: 'table';
  columns: TableColumn[];
  /** One string per column. */
  rows: string[][];
  /** Small text and tight cells: a table of many columns and many rows (a CFDI's lines with their keys). */
  compact?: boolean;
}

export interface TotalsBlock {
  kind: 'totals';
  rows: (KeyValue & { emphasis?: boolean })[];
}

export interface ParagraphsBlock {
  kind: 'paragraphs';
  title: string;
  paragraphs: string[];
  /** Shown as a bulleted list rather than running text. */
  list?: boolean;
  /**
   * Small fixed-width text cut at any character: a seal or a cadena original, read and copied
   * character by character, one long run without spaces.
   */
  monospace?: boolean;
}

/**
 * A QR code with a few facts beside it (a CFDI's verification link and its certification).
 * The code is its modules, drawn as squares: no image to encode or decode, crisp at any zoom,
 * and the same matrix draws as SVG in the print view.
 */
export interface QrBlock {
  kind: 'qr';
  /** Rows of modules, true where dark; square. */
  modules: boolean[][];
  /** What the code says, for whoever cannot scan it (the print view's alternative text). */
  text: string;
  /** Beside the code. */
  rows: KeyValue[];
}

export type DocumentBlock = HeadingBlock | KeyValuesBlock | TableBlock | TotalsBlock | ParagraphsBlock | QrBlock;

export interface DocumentModel {
  /** The PDF's title (its metadata) and the print window's title. */
  title: string;
  /** What a downloaded or attached PDF is named. */
  fileName: string;
  brand: DocumentBrand;
  blocks: DocumentBlock[];
  /** Printed at the foot of every page. */
  footer: string[];
  /** 'Página 1 de 2', for the PDF's pages. */
  pageLabel: (page: number, pages: number) => string;
}

/**
 * A sheet of small slips cut apart after printing (spec §2/§9: payroll 'Recibo', four per
 * page): each slip is the same few parts, and the print view and the PDF both put four on a
 * page, one above the other, with a cutting line between them.
 */
export interface Slip {
  title: string;
  /** Who issues it (legal name) and the date it is for, beside the title. */
  issuer: string;
  date: KeyValue;
  /** Who it is for and the facts that identify the payment (a fact without a value is left out). */
  facts: KeyValue[];
  /** Side by side: what is added and what is taken, each with its subtotal. */
  columns: { title: string; rows: KeyValue[]; subtotal: KeyValue }[];
  total: KeyValue;
  /** The sentence above the signature, and who signs. */
  statement: string;
  signature: string;
  signer: string;
}

export interface SlipSheetModel {
  kind: 'slips';
  title: string;
  fileName: string;
  brand: DocumentBrand;
  slips: Slip[];
  /** How many slips share a page. */
  perPage: number;
  pageLabel: (page: number, pages: number) => string;
}
