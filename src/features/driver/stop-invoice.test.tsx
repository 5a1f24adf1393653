import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deliveryInvoiceMessages as text } from '../../../domain/messages/delivery-invoice';
import { commonMessages } from '../../../domain/messages/shell';
import type { SyncDatabase } from '../../../sync/db';
import { ApiError, NetworkError } from '../../lib/api';
import { EMPTY_STATUS, SyncContext, type SyncState } from '../../sync/sync-context';
import { invoiceFailure, isCfdiUuid, StopInvoice, StopInvoiceView } from './stop-invoice';

const UUID = '5e2d6f1a-3b4c-4d5e-8f90-a1b2c3d4e5f6';

/** The visible text of the markup: tags removed, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const button = (html: string) => /<button[^>]*>/.exec(html)?.[0] ?? '';

const view = (state: { online?: boolean; opening?: boolean; error?: string | null }) =>
  renderToStaticMarkup(
    <StopInvoiceView
      saleFolio="V-120"
      online={state.online ?? true}
      opening={state.opening ?? false}
      error={state.error ?? null}
      onOpen={() => {}}
    />,
  );

/** The stop's invoice as the driver's screen draws it, on a phone with or without signal. */
const stop = (invoice: string | null, online = true) => {
  const sync = {
    db: {} as SyncDatabase,
    userId: 4,
    engine: null,
    engineReady: Promise.resolve(null),
    status: EMPTY_STATUS,
    statusLoaded: true,
    online,
    sending: false,
  } satisfies SyncState;
  return renderToStaticMarkup(
    <SyncContext.Provider value={sync}>
      <StopInvoice detailId={31} invoice={invoice} saleFolio="V-120" />
    </SyncContext.Provider>,
  );
};

describe("a stop's invoice number", () => {
  it("is a CFDI's UUID once the sale is stamped, in either case and with stray spaces", () => {
    expect(isCfdiUuid(UUID)).toBe(true);
    expect(isCfdiUuid(UUID.toUpperCase())).toBe(true);
    expect(isCfdiUuid(` ${UUID} `)).toBe(true);
  });

  it('is not one when empty, or a folio typed by hand', () => {
    expect(isCfdiUuid(null)).toBe(false);
    expect(isCfdiUuid(undefined)).toBe(false);
    expect(isCfdiUuid('')).toBe(false);
    expect(isCfdiUuid('F-1234')).toBe(false);
    expect(isCfdiUuid(`${UUID}-2`)).toBe(false);
    expect(isCfdiUuid(UUID.replace(/-/g, ''))).toBe(false);
  });
});

describe("the stop's 'Factura (PDF)'", () => {
  it('is offered when the delivery carries the UUID, and not for a hand-typed folio or none', () => {
    expect(visibleText(stop(UUID))).toBe(text.open);
    expect(stop('F-1234')).toBe('');
    expect(stop(null)).toBe('');
  });

  it('opens with a press while there is signal, naming the sale for a screen reader', () => {
    const html = view({});
    expect(button(html)).not.toContain('disabled');
    expect(button(html)).toContain(`aria-label="${text.openFor('V-120')}"`);
    expect(visibleText(html)).toBe(text.open);
  });

  it('says that without signal it opens when there is signal, and cannot be pressed', () => {
    const html = stop(UUID, false);
    expect(button(html)).toContain('disabled');
    expect(visibleText(html)).toBe(`${text.open} ${text.offline}`);
    expect(button(html)).toContain('aria-describedby');
  });

  it('says it is opening while the PDF downloads, and is not pressed twice', () => {
    const html = view({ opening: true });
    expect(button(html)).toContain('disabled');
    expect(visibleText(html)).toBe(text.opening);
  });

  it("shows why the PDF did not open as an alert, in the server's words", () => {
    const html = view({ error: text.noStampedInvoice });
    expect(html).toContain('role="alert"');
    expect(visibleText(html)).toBe(`${text.open} ${text.noStampedInvoice}`);
  });
});

describe('why the PDF did not open', () => {
  it('is the offline note when the request never reached the server', () => {
    expect(invoiceFailure(new NetworkError())).toBe(text.offline);
  });

  it("is the server's refusal as it says it, and the generic error otherwise", () => {
    expect(invoiceFailure(new ApiError(404, text.noStampedInvoice))).toBe(text.noStampedInvoice);
    expect(invoiceFailure(new Error('boom'))).toBe(commonMessages.genericError);
  });
});
