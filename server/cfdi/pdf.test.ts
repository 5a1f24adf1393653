import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zxing from '@zxing/library';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { CfdiComprobante } from '../../domain/cfdi/comprobante';
import { DEPLOYMENTS } from '../../domain/deployment';
import { sampleEgreso, sampleIngresoPue, sampleRecepcionPago, sampleUuids } from '../../tests/server/cfdi-samples';
import { fakeSeal, sampleNoCertificado, sampleNoCertificadoSat, stampedSampleXml } from '../../tests/server/cfdi-stamped';
import { cfdiPdf } from './pdf';
import { readCfdi } from './read';

const { BinaryBitmap, DecodeHintType, HybridBinarizer, NotFoundException, QRCodeReader, RGBLuminanceSource } = zxing;
const run = promisify(execFile);
const identity = DEPLOYMENTS.frutas.identity;
const stamp = { uuid: '0B3C5D7E-9F1A-4B2C-8D4E-6F8A0B2C4D6E', fechaTimbrado: '2026-11-20T10:15:09' };
const work = await mkdtemp(path.join(tmpdir(), 'cfdi-pdf-'));
afterAll(() => rm(work, { recursive: true, force: true }));

let files = 0;
async function saved(bytes: Uint8Array): Promise<string> {
  const file = path.join(work, `${++files}.pdf`);
  await writeFile(file, bytes);
  return file;
}

/** The PDF's text as poppler's pdftotext reads it, page by page (form feeds), runs of blanks collapsed. */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  // -layout keeps each printed line together: a label and its value, a table's row.
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', await saved(bytes), '-']);
  return stdout
    .split('\f')
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, ' '));
}

/** What the QR codes on the PDF's pages say, rendered by poppler at 150 dpi in grey and read by ZXing. */
async function scannedQrCodes(bytes: Uint8Array): Promise<string[]> {
  const prefix = path.join(work, `scan-${++files}`);
  await run('pdftoppm', ['-gray', '-r', '150', await saved(bytes), prefix]);
  const pages = (await readdir(work)).filter((name) => name.startsWith(path.basename(prefix)) && name.endsWith('.pgm')).sort();
  const found: string[] = [];
  for (const page of pages) {
    const image = await readFile(path.join(work, page));
    // Binary PGM: 'P5', width, height, maximum value, then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 50).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = new Uint8ClampedArray(image.subarray(header[0].length, header[0].length + width * height));
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
    try {
      // Harder: the code is found on a whole page of text, not on a picture of the code alone.
      found.push(new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText());
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
    }
  }
  return found;
}

describe("a stamped invoice's printed representation", () => {
  const xml = stampedSampleXml(sampleIngresoPue, stamp);

  it('is named after its title, serie-folio and UUID', async () => {
    const { filename, bytes } = await cfdiPdf(xml, identity);
    expect(filename).toBe(`Factura A-101 ${stamp.uuid}.pdf`);
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Factura A-101');
  });

  it('shows the UUID, the parties with their catalogue descriptions, the lines, the totals and the total in words', async () => {
    const text = (await pagesText((await cfdiPdf(xml, identity)).bytes)).join(' ');
    for (const expected of [
      'Factura',
      'A-101',
      'Folio fiscal (UUID)',
      stamp.uuid,
      'Fecha de emisión: 20/11/2026 10:15:00',
      'Fecha de certificación: 20/11/2026 10:15:09',
      'ESCUELA KEMPER URGATE',
      'RFC EKU9003173C9',
      'Régimen fiscal: 601 General de Ley Personas Morales',
      'ABARROTES LA PEÑA DEL BAJÍO',
      'APB150612K35',
      'G01 Adquisición de mercancías',
      'PUE Pago en una sola exhibición',
      '03 Transferencia electrónica de fondos',
      'Manzana Red Delicious',
      '50301500',
      '$23.40',
      '$292.50',
      'IVA 0 %',
      'IVA 16 %',
      'Subtotal $427.50',
      '$21.60',
      'Total $449.10',
      'CUATROCIENTOS CUARENTA Y NUEVE PESOS 10/100 M.N.',
      'Este documento es una representación impresa de un CFDI 4.0.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('carries the certification: serial numbers, both seals and the TFD cadena original, whole', async () => {
    const pages = await pagesText((await cfdiPdf(xml, identity)).bytes);
    const text = pages.join(' ');
    for (const label of [
      'No. de serie del CSD del emisor',
      'No. de serie del certificado del SAT',
      'Sello digital del CFDI',
      'Sello del SAT',
      'Cadena original del complemento de certificación digital del SAT',
    ]) {
      expect(text).toContain(label);
    }
    // Seals are cut across lines: compared without the line breaks.
    const compact = pages.join('').replace(/\s+/g, '');
    const view = readCfdi(xml);
    for (const whole of [sampleNoCertificado, sampleNoCertificadoSat, fakeSeal('A-101'), fakeSeal(`SAT ${stamp.uuid}`), view.tfdCadena!]) {
      expect(compact).toContain(whole);
    }
  });

  it("prints a QR code that scans to the SAT's verification URL", async () => {
    const scanned = await scannedQrCodes((await cfdiPdf(xml, identity)).bytes);
    expect(scanned).toEqual([
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
        `?id=${stamp.uuid}&re=EKU9003173C9&rr=APB150612K35&tt=449.1&fe=${fakeSeal('A-101').slice(-8)}`,
    ]);
  });

  it('keeps an invoice of 30 lines to at most 3 pages, numbered', async () => {
    const names = [
      'Aguacate Hass',
      'Jitomate saladette',
      'Cebolla blanca',
      'Chile jalapeño verde de primera',
      'Limón persa sin semilla',
      'Papa blanca alpha',
      'Zanahoria',
      'Naranja valencia para jugo',
      'Plátano tabasco',
      'Manzana Golden Delicious',
    ];
    const base = sampleIngresoPue.conceptos;
    const invoice: CfdiComprobante = {
      ...sampleIngresoPue,
      conceptos: Array.from({ length: 30 }, (_, i) => ({ ...base[i % base.length]!, descripcion: `${names[i % names.length]!} ${i + 1}` })),
    };
    const { bytes } = await cfdiPdf(stampedSampleXml(invoice, stamp), identity);
    const pages = await pagesText(bytes);
    expect(pages.length).toBeLessThanOrEqual(3);
    pages.forEach((page, index) => expect(page).toContain(`Página ${index + 1} de ${pages.length}`));
    const text = pages.join(' ');
    for (const line of ['Aguacate Hass 1 ', 'Zanahoria 17 ', 'Manzana Golden Delicious 30 ']) expect(text).toContain(line);
    expect(bytes.length).toBeLessThan(60_000);
  });
});

describe('the printed representation of the other kinds', () => {
  it('titles a credit note and names the invoice it relates to', async () => {
    const { filename, bytes } = await cfdiPdf(stampedSampleXml(sampleEgreso, stamp), identity);
    expect(filename).toBe(`Nota de crédito NC-7 ${stamp.uuid}.pdf`);
    const text = (await pagesText(bytes)).join(' ');
    expect(text).toContain('CFDI relacionados');
    expect(text).toContain('Tipo de relación: 01 Nota de crédito de los documentos relacionados');
    expect(text).toContain(`Folios fiscales (UUID): ${sampleUuids.ingresoPue}`);
  });

  it("lists a payment receipt's paid invoices with instalment, previous balance, paid and remaining", async () => {
    const { filename, bytes } = await cfdiPdf(stampedSampleXml(sampleRecepcionPago, stamp), identity);
    expect(filename).toBe(`Recibo de pago P-31 ${stamp.uuid}.pdf`);
    const text = (await pagesText(bytes)).join(' ');
    for (const expected of [
      'Pagos recibidos',
      'Fecha de pago: 25/11/2026 09:00:00',
      'Monto: $749.10',
      'Número de operación: 7493021',
      'SETECIENTOS CUARENTA Y NUEVE PESOS 10/100 M.N.',
      `${sampleUuids.ingresoPpd} A-102 1 $897.59 $500.00 $397.59`,
      `${sampleUuids.otroPpd} A-95 2 $249.10 $249.10 $0.00`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses to print a CFDI that is not stamped', async () => {
    await expect(cfdiPdf(stampedSampleXml(sampleIngresoPue, null), identity)).rejects.toThrow(
      'El CFDI aún no está timbrado: no tiene representación impresa.',
    );
  });
});
