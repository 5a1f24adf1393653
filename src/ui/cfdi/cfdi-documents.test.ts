import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cancelMotivesFor,
  cfdiActions,
  cfdiFolio,
  cfdiName,
  cfdiRequests,
  liveInvoice,
  settlingInterval,
  SETTLING_POLL_MS,
} from './cfdi-documents';
import { cfdiDocument } from './test-fixtures';

describe('a fiscal document on screen', () => {
  it('is named by its kind, serie and folio, or its folio alone without a serie', () => {
    expect(cfdiFolio(cfdiDocument())).toBe('A-7');
    expect(cfdiFolio(cfdiDocument({ serie: '' }))).toBe('7');
    expect(cfdiName(cfdiDocument({ kind: 'nota_credito', serie: 'NC', folio: 3 }))).toBe('Nota de crédito NC-3');
  });

  it('offers what its state admits: files once stamped, e-mail while valid, retry after an error, cancel while stamped', () => {
    expect(cfdiActions(cfdiDocument(), true)).toEqual(['pdf', 'xml', 'email', 'cancel']);
    expect(cfdiActions(cfdiDocument({ status: 'pendiente', uuid: null }), true)).toEqual([]);
    expect(cfdiActions(cfdiDocument({ status: 'error', uuid: null, last_error: 'CFDI40147' }), true)).toEqual(['retry']);
    expect(cfdiActions(cfdiDocument({ status: 'cancelando' }), true)).toEqual(['pdf', 'xml', 'email']);
    expect(cfdiActions(cfdiDocument({ status: 'cancelado' }), true)).toEqual(['pdf', 'xml']);
  });

  it('gives someone without invoices only the files', () => {
    expect(cfdiActions(cfdiDocument(), false)).toEqual(['pdf', 'xml']);
    expect(cfdiActions(cfdiDocument({ status: 'error', uuid: null }), false)).toEqual([]);
  });

  it('offers motive 01 (with a substitute) only for an invoice', () => {
    expect(cancelMotivesFor(cfdiDocument())).toEqual(['01', '02', '03', '04']);
    expect(cancelMotivesFor(cfdiDocument({ kind: 'pago' }))).toEqual(['02', '03', '04']);
  });

  it("finds the sale's live invoice: any but a cancelled one, never a credit note", () => {
    const canceled = cfdiDocument({ id: 1, status: 'cancelado' });
    const note = cfdiDocument({ id: 2, kind: 'nota_credito' });
    expect(liveInvoice([canceled, note])).toBeUndefined();
    const failed = cfdiDocument({ id: 3, status: 'error', uuid: null });
    expect(liveInvoice([canceled, note, failed])?.id).toBe(3);
  });

  it('is read again every 2 s while one is being stamped or cancelled, and no more once all settled', () => {
    expect(settlingInterval([cfdiDocument(), cfdiDocument({ status: 'pendiente', uuid: null })])).toBe(SETTLING_POLL_MS);
    expect(settlingInterval([cfdiDocument({ status: 'cancelando' })])).toBe(2_000);
    expect(settlingInterval([cfdiDocument(), cfdiDocument({ status: 'error' })])).toBe(false);
    expect(settlingInterval(undefined)).toBe(false);
  });
});

describe("invoicing's requests", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The server as the browser reaches it: each request recorded, answered by `answer` in turn. */
  function server(answers: (() => Response)[]) {
    const sent: { url: string; method: string; key: string | null; body: unknown }[] = [];
    vi.stubGlobal('localStorage', { getItem: () => 'token-de-prueba' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        sent.push({ url, method: init.method ?? 'GET', key: headers['idempotency-key'] ?? null, body: JSON.parse(String(init.body)) });
        const next = answers.shift();
        if (!next) throw new TypeError('Failed to fetch');
        return next();
      }),
    );
    return sent;
  }
  const json = (status: number, body: unknown) => () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const slots = () => {
    const taken = new Map<string, string>();
    let next = 0;
    return {
      keyFor: (kind: string) => taken.get(kind) ?? (taken.set(kind, `clave-${++next}`), `clave-${next}`),
      done: (kind: string) => void taken.delete(kind),
    };
  };

  it('invoices a sale with e-mail asked for, sending the same key again after a lost answer, and refreshes the documents', async () => {
    const pending = cfdiDocument({ status: 'pendiente', uuid: null });
    const sent = server([
      () => {
        throw new TypeError('Failed to fetch');
      },
      json(201, { document: pending }),
    ]);
    const settled = vi.fn();
    const requests = cfdiRequests(slots(), settled);
    await expect(requests.invoice(41, true)).rejects.toThrow();
    expect(settled).not.toHaveBeenCalled();
    const answer = await requests.invoice(41, true);
    expect(answer.document.status).toBe('pendiente');
    expect(sent).toEqual([
      { url: '/api/v2/sales/41/cfdi', method: 'POST', key: 'clave-1', body: { email: true } },
      { url: '/api/v2/sales/41/cfdi', method: 'POST', key: 'clave-1', body: { email: true } },
    ]);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('names the recipients of the invoice and of a later e-mail, and leaves them out to reach the customer’s contacts', async () => {
    const pending = cfdiDocument({ status: 'pendiente', uuid: null });
    const sent = server([
      json(201, { document: pending }),
      json(200, cfdiDocument()),
      json(200, cfdiDocument()),
      json(201, { document: cfdiDocument({ id: 8, sale_id: 42, status: 'pendiente', uuid: null }) }),
    ]);
    const requests = cfdiRequests(slots(), () => undefined);
    await requests.invoice(41, true, ['compras@ancira.mx', 'pagos@ancira.mx']);
    await requests.email(cfdiDocument(), ['cxp@ancira.mx']);
    await requests.email(cfdiDocument());
    // Addresses typed while the box is not ticked are not sent: there is no e-mail to send.
    await requests.invoice(42, false, ['compras@ancira.mx']);
    expect(sent.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/v2/sales/41/cfdi', body: { email: true, to: ['compras@ancira.mx', 'pagos@ancira.mx'] } },
      { url: '/api/v2/cfdi/7/email', body: { to: ['cxp@ancira.mx'] } },
      { url: '/api/v2/cfdi/7/email', body: {} },
      { url: '/api/v2/sales/42/cfdi', body: {} },
    ]);
    // Each e-mail is its own request: the second does not reuse the first one's key.
    expect(new Set(sent.map((request) => request.key)).size).toBe(4);
  });

  it('says a refusal in the server words, and cancels with the chosen motive under a new key', async () => {
    const sent = server([
      json(422, { message: 'Faltan datos fiscales del cliente: el uso CFDI' }),
      json(200, { document: cfdiDocument({ status: 'cancelando' }) }),
    ]);
    const requests = cfdiRequests(slots(), () => undefined);
    await expect(requests.invoice(41, false)).rejects.toThrow('Faltan datos fiscales del cliente: el uso CFDI');
    expect(sent[0]!.body).toEqual({});
    await requests.cancel(cfdiDocument(), '02');
    expect(sent[1]).toEqual({ url: '/api/v2/cfdi/7/cancel', method: 'POST', key: 'clave-2', body: { motivo: '02' } });
  });
});
