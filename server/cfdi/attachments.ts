import { sql } from 'drizzle-orm';
import type { Attachment } from 'nodemailer';
import type { BusinessIdentity } from '../../domain/deployment';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { cfdiPdf } from './pdf';

/** A stamped CFDI's files as the customer receives them: the XML (the legal document) and its PDF. Null until stamped. */
export async function cfdiFiles(
  db: Db,
  documentId: number,
  identity: BusinessIdentity,
): Promise<{ xmlName: string; xml: string; pdfName: string; pdf: Uint8Array } | null> {
  const [document] = await rows<{ xml: string | null; uuid: string | null; status: string }>(
    db,
    sql`SELECT xml, uuid, status FROM cfdi_documents WHERE id = ${documentId}`,
  );
  if (!document?.xml || !document.uuid) return null;
  const pdf = await cfdiPdf(document.xml, identity);
  return { xmlName: pdf.filename.replace(/\.pdf$/, '.xml'), xml: document.xml, pdfName: pdf.filename, pdf: pdf.bytes };
}

export async function cfdiAttachments(db: Db, documentId: number, identity: BusinessIdentity): Promise<Attachment[] | null> {
  const files = await cfdiFiles(db, documentId, identity);
  if (!files) return null;
  return [
    { filename: files.xmlName, content: Buffer.from(files.xml, 'utf8'), contentType: 'application/xml' },
    { filename: files.pdfName, content: Buffer.from(files.pdf), contentType: 'application/pdf' },
  ];
}
