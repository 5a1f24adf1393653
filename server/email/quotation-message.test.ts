import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../../domain/deployment';
import { quotationFixture } from '../../domain/documents/test-fixtures';
import { emailMessages } from '../../domain/messages/email';
import { quotationMessage } from './quotation-message';

const identity = DEPLOYMENTS.frutas.identity;

describe('the quotation e-mail', () => {
  it('carries the folio in its subject and replies to the seller', () => {
    const message = quotationMessage(quotationFixture(), identity);
    expect(message.subject).toBe('Cotización C-412 — Frutas del Norte');
    expect(message.replyTo).toBe('ventas@demo.mx');
  });

  it('shows the template fields: folio, Monterrey date, company, seller, credit, items, totals and validity', () => {
    const { html } = quotationMessage(quotationFixture(), identity);
    for (const expected of [
      'C-412',
      // Created at 03:30 UTC on the 23rd: still the 22nd in Monterrey.
      '22 de noviembre de 2026',
      'Restaurante La Nogalera',
      'Mariana Treviño',
      'Crédito: 15 días',
      'Aguacate Hass',
      'Jitomate saladette',
      '$812.50',
      '$1,862.50',
      '$298.00',
      '$2,160.50',
      '30 de noviembre de 2026',
      emailMessages.replyTo('ventas@demo.mx'),
    ]) {
      expect(html).toContain(expected);
    }
  });

  it('leaves credit terms out for a cash customer', () => {
    const base = quotationFixture();
    const { html } = quotationMessage(quotationFixture({ company: { ...base.company, credit_days: 0 } }), identity);
    expect(html).not.toContain('Crédito');
  });

  it('escapes every value taken from the database', () => {
    const base = quotationFixture();
    const { html } = quotationMessage(
      quotationFixture({
        company: { ...base.company, name: 'Tacos <script>alert(1)</script> & "Hermanos"' },
        items: [{ ...base.items[0]!, name: '<img src=x onerror=alert(1)>' }],
      }),
      identity,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('Tacos &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Hermanos&quot;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
