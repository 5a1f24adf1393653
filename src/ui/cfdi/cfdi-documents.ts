import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import {
  cfdiDocumentSchema,
  cfdiListSchema,
  cfdiRequestAnswerSchema,
  type CANCEL_MOTIVES,
  type CfdiDocument,
} from '../../../domain/schemas/invoicing';
import type { SaleDetail } from '../../../domain/schemas/quotations';
import { apiDownload, apiRequest } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';

/*
 * The fiscal documents (CFDI) as the sale page's panel and /invoices show them: their folio,
 * which actions each one admits, the reads (polled while the stamping queue is still working
 * on a document), and the requests that make, retry, send and cancel them. Shared by two
 * features, so it lives in the kit.
 */

export type CancelMotive = (typeof CANCEL_MOTIVES)[number];
export type CfdiFormat = 'pdf' | 'xml';

/** Every query of documents starts with this key: one invalidation refreshes the panel and the list. */
export const cfdiKeys = {
  all: ['cfdi'] as const,
  sale: (saleId: number) => ['cfdi', 'sale', saleId] as const,
  list: (filters: unknown) => ['cfdi', 'list', filters] as const,
};

/** How often a document the queue is still working on is read again, until it settles. */
export const SETTLING_POLL_MS = 2_000;

/** 'A-12', or '12' without a serie: as the server and the printed CFDI write it. */
export const cfdiFolio = (document: Pick<CfdiDocument, 'serie' | 'folio'>) =>
  document.serie ? `${document.serie}-${document.folio}` : String(document.folio);

/** '<kind> <folio>', the name of a document in messages and menus. */
export const cfdiName = (document: Pick<CfdiDocument, 'kind' | 'serie' | 'folio'>) =>
  `${invoicingMessages.kinds[document.kind]} ${cfdiFolio(document)}`;

/** The queue has not settled it yet: it is being stamped, or its cancellation waits on the SAT or the receiver. */
export const isSettling = (document: Pick<CfdiDocument, 'status'>) => document.status === 'pendiente' || document.status === 'cancelando';

/** The poll interval of a read holding `documents`: every 2 s while one of them is settling, else none. */
export const settlingInterval = (documents: readonly Pick<CfdiDocument, 'status'>[] | undefined): number | false =>
  documents?.some(isSettling) ? SETTLING_POLL_MS : false;

/**
 * The sale's invoice that is still alive (being stamped, stamped, failed or being cancelled):
 * a sale has one at most, so 'Facturar' is offered only without it.
 */
export const liveInvoice = (documents: readonly CfdiDocument[]) =>
  documents.find((document) => document.kind === 'factura' && document.status !== 'cancelado');

/** Why a sale is not offered 'Facturar' though it has no invoice (the server would refuse it the same). */
export function notInvoiceable(sale: Pick<SaleDetail, 'type' | 'canceled_at'>): string | null {
  if (sale.canceled_at !== null) return invoicingMessages.saleCanceled;
  if (sale.type === 'Serie B') return invoicingMessages.serieB;
  return null;
}

export type CfdiAction = 'pdf' | 'xml' | 'email' | 'retry' | 'cancel';

/**
 * What can be done with a document in its state. Its files exist once stamped (a cancelled
 * CFDI keeps them); it is e-mailed while it is valid, retried only after the PAC refused it,
 * and cancelled only while stamped. `manage`: the person holds 'invoices' (downloading needs less).
 */
export function cfdiActions(document: Pick<CfdiDocument, 'status' | 'uuid'>, manage: boolean): CfdiAction[] {
  const actions: CfdiAction[] = [];
  const stamped = document.uuid !== null && document.status !== 'pendiente' && document.status !== 'error';
  if (stamped) actions.push('pdf', 'xml');
  if (!manage) return actions;
  if (document.status === 'timbrado' || document.status === 'cancelando') actions.push('email');
  if (document.status === 'error') actions.push('retry');
  if (document.status === 'timbrado') actions.push('cancel');
  return actions;
}

/** The SAT's motive 01 relates a substitute invoice: the server issues it only for an invoice. */
export const cancelMotivesFor = (document: Pick<CfdiDocument, 'kind'>): CancelMotive[] =>
  document.kind === 'factura' ? ['01', '02', '03', '04'] : ['02', '03', '04'];

/** GET /api/v2/sales/{id}/cfdi: the sale's invoice, credit notes, payment receipts and global invoice, read again while one settles. */
export const saleCfdiQueryOptions = (saleId: number) =>
  queryOptions({
    queryKey: cfdiKeys.sale(saleId),
    queryFn: ({ signal }) => apiRequest(`/api/v2/sales/${saleId}/cfdi`, { schema: cfdiListSchema, signal }),
    refetchInterval: (query) => settlingInterval(query.state.data),
  });

/** The XML or the PDF of a stamped document, saved under the name the server gives it. */
export const downloadCfdi = (document: Pick<CfdiDocument, 'id' | 'kind' | 'serie' | 'folio'>, format: CfdiFormat) =>
  apiDownload(`/api/v2/cfdi/${document.id}/${format}`, `${cfdiName(document)}.${format}`);

/** The Idempotency-Key slots of src/lib/request-key.ts. */
interface RequestKeys {
  keyFor: (kind: string, body: unknown) => string;
  done: (kind: string) => void;
}

/**
 * The requests of invoicing, each a direct office change with its Idempotency-Key (the same
 * while the same request is sent again, so a lost answer never stamps twice; a new one once it
 * succeeded), calling `settled` once the server took it. Each resolves with what the server
 * answered and rejects with its refusal (ApiError: its Spanish message names what is missing).
 */
export function cfdiRequests(keys: RequestKeys, settled: () => void) {
  const send = async <T>(kind: string, path: string, body: unknown, schema: { parse(input: unknown): T }) => {
    const answer = await apiRequest(path, { method: 'POST', body, schema, idempotencyKey: keys.keyFor(kind, body) });
    keys.done(kind);
    settled();
    return answer;
  };
  return {
    /**
     * 'Facturar': the sale's invoice, e-mailed once stamped when `email`: to `to`, or to the
     * customer's contacts when none is named.
     */
    invoice: (saleId: number, email: boolean, to: readonly string[] = []) =>
      send(
        `invoice-${saleId}`,
        `/api/v2/sales/${saleId}/cfdi`,
        email ? { email: true, ...(to.length > 0 && { to }) } : {},
        cfdiRequestAnswerSchema,
      ),
    retry: (document: Pick<CfdiDocument, 'id'>) =>
      send(`retry-${document.id}`, `/api/v2/cfdi/${document.id}/retry`, {}, cfdiDocumentSchema),
    /** 'Enviar por correo': to `to`, or to the customer's contacts when none is named. */
    email: (document: Pick<CfdiDocument, 'id'>, to: readonly string[] = []) =>
      send(`email-${document.id}`, `/api/v2/cfdi/${document.id}/email`, to.length > 0 ? { to } : {}, cfdiDocumentSchema),
    cancel: (document: Pick<CfdiDocument, 'id'>, motivo: CancelMotive) =>
      send(`cancel-${document.id}`, `/api/v2/cfdi/${document.id}/cancel`, { motivo }, cfdiRequestAnswerSchema),
    global: (body: { periodicidad: '01' | '02' | '03' | '04' | '05'; from: string; to: string }) =>
      send('global', '/api/v2/cfdi/global', body, cfdiRequestAnswerSchema),
  };
}

export type CfdiRequests = ReturnType<typeof cfdiRequests>;

/** The requests for a screen: every read of documents (the panel, the list) is refreshed once one is taken. */
export function useCfdiRequests(): CfdiRequests {
  const keys = useRequestKeys();
  const queryClient = useQueryClient();
  return useMemo(() => cfdiRequests(keys, () => void queryClient.invalidateQueries({ queryKey: cfdiKeys.all })), [keys, queryClient]);
}
