import { cfdiDocumentSchema, type CfdiDocument } from '../../../domain/schemas/invoicing';

/** Test data of invoicing's screens (not loaded by the app). */

/** Invoice A-7 of sale 41, stamped. */
export function cfdiDocument(patch: Partial<CfdiDocument> = {}): CfdiDocument {
  return cfdiDocumentSchema.parse({
    id: 7,
    kind: 'factura',
    serie: 'A',
    folio: 7,
    sale_id: 41,
    return_id: null,
    collection_id: null,
    company_id: 3,
    company_name: 'Hotel Ancira',
    receptor_rfc: 'HAN010101AA1',
    receptor_nombre: 'HOTELERA ANCIRA',
    metodo_pago: 'PPD',
    total: 1160,
    status: 'timbrado',
    pending: null,
    uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
    last_error: null,
    attempts: 1,
    next_attempt_at: null,
    cancel_motive: null,
    related_id: null,
    created_at: '2026-11-24T16:05:00Z',
    stamped_at: '2026-11-24T16:05:03Z',
    canceled_at: null,
    ...patch,
  });
}
