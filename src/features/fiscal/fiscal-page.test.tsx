import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import { CsdFacts, FiscalReadiness } from './fiscal-page';

const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("'Facturación' at a glance", () => {
  it('lists what keeps the business from invoicing, in the server words and order', () => {
    const missing = [invoicingMessages.regimenMissing, invoicingMessages.csdMissing, invoicingMessages.pacAccountMissing];
    const html = renderToStaticMarkup(<FiscalReadiness settings={{ missing, warning: null }} />);
    expect(html).toContain('aria-label="Falta para poder facturar"');
    expect([...html.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1])).toEqual(missing);
    expect(visibleText(html)).not.toContain('Listo para facturar');
  });

  it("says 'Listo para facturar' when nothing is missing, and an expiring CSD as an alert", () => {
    const warning = invoicingMessages.csdExpiresSoon(12);
    const html = renderToStaticMarkup(<FiscalReadiness settings={{ missing: [], warning }} />);
    expect(visibleText(html)).toContain('Listo para facturar');
    expect(html).toContain(`<p class="cfdi-notice" role="alert">${warning}</p>`);
  });

  it("shows the CSD's number and validity with the days left, or that none is loaded", () => {
    const loaded = visibleText(
      renderToStaticMarkup(<CsdFacts csd={{ no_certificado: '30001000000500003416', valid_to: '2027-05-18T17:00:00Z', days_left: 12 }} />),
    );
    expect(loaded).toContain('No. de certificado 30001000000500003416');
    expect(loaded).toContain('Vigencia 18/05/2027 11:00 (quedan 12 días)');
    const expired = visibleText(
      renderToStaticMarkup(<CsdFacts csd={{ no_certificado: '1', valid_to: '2025-01-01T00:00:00Z', days_left: 0 }} />),
    );
    expect(expired).toContain('(vencido)');
    expect(visibleText(renderToStaticMarkup(<CsdFacts csd={null} />))).toBe('No hay un CSD cargado.');
  });
});
