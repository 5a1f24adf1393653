import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isRecipientsRefusal, MAX_RECIPIENTS, RecipientsField, recipientsOf } from './recipients';

describe("a document's recipients as typed", () => {
  it('takes none (the customer’s contacts get it), or addresses separated by commas, semicolons or spaces', () => {
    expect(recipientsOf('   ')).toEqual({ ok: true, to: [] });
    expect(recipientsOf(' compras@ancira.mx, pagos@ancira.mx;cxp@ancira.mx  conta@ancira.mx ')).toEqual({
      ok: true,
      to: ['compras@ancira.mx', 'pagos@ancira.mx', 'cxp@ancira.mx', 'conta@ancira.mx'],
    });
  });

  it("refuses a malformed address with the server's words, saying which one", () => {
    expect(recipientsOf('compras@ancira.mx, pagos@ancira')).toEqual({ ok: false, error: 'E-mail inavlido. («pagos@ancira»)' });
  });

  it('refuses more than the server takes', () => {
    const eleven = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `c${i}@ancira.mx`).join(', ');
    expect(recipientsOf(eleven)).toEqual({ ok: false, error: 'Escriba hasta 10 correos.' });
    expect(recipientsOf(eleven.replace(/, c10@ancira\.mx$/, '')).ok).toBe(true);
  });

  it("tells the server's refusals about addresses from the others", () => {
    expect(isRecipientsRefusal('El cliente no tiene correo: escriba a quién enviarlo.')).toBe(true);
    expect(isRecipientsRefusal('E-mail inavlido.')).toBe(true);
    expect(isRecipientsRefusal('Faltan datos fiscales del cliente: el uso CFDI')).toBe(false);
  });

  it("says in the field that left empty it goes to the customer's contacts, and ties its error to it", () => {
    const html = renderToStaticMarkup(
      <RecipientsField id="to" value="pagos@" error="E-mail inavlido. («pagos@»)" onChange={() => undefined} />,
    );
    expect(html).toContain('<label for="to">Destinatarios</label>');
    expect(html).toContain('Si lo deja vacío, se envía a los correos de los contactos del cliente.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="to-hint to-error"/);
    expect(html).toContain('<p id="to-error" class="field-error">E-mail inavlido. («pagos@»)</p>');
  });
});
