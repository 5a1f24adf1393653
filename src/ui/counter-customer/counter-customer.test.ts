import { describe, expect, it } from 'vitest';
import { counterCustomer, EMPTY_COUNTER_FIELDS } from './counter-customer';

describe('a customer created at the counter', () => {
  it('needs only a name and a razón social, and has no branch or contact then', () => {
    const made = counterCustomer({ ...EMPTY_COUNTER_FIELDS, name: ' Fonda Lupe ', razon_social: 'Guadalupe Ríos' });
    expect(made).toEqual({
      ok: true,
      body: expect.objectContaining({
        name: 'Fonda Lupe',
        razon_social: 'Guadalupe Ríos',
        rfc: null,
        credit_days: 0,
        branches: [],
        contacts: [],
      }),
    });
  });

  it('keeps its contact’s name and phone; a phone alone is filed under the customer’s name', () => {
    const named = counterCustomer({
      ...EMPTY_COUNTER_FIELDS,
      name: 'Fonda Lupe',
      razon_social: 'Guadalupe Ríos',
      contactName: 'Lupe',
      phone: '81 1234 5678',
    });
    expect(named.ok && named.body.contacts).toEqual([{ id: null, name: 'Lupe', last: '', phone: '81 1234 5678', email: null }]);
    const phoneOnly = counterCustomer({ ...EMPTY_COUNTER_FIELDS, name: 'Fonda Lupe', razon_social: 'Guadalupe Ríos', phone: '8112345678' });
    expect(phoneOnly.ok && phoneOnly.body.contacts).toEqual([{ id: null, name: 'Fonda Lupe', last: '', phone: '8112345678', email: null }]);
  });

  it('says what to fix, under the field it is about', () => {
    const refused = counterCustomer({ ...EMPTY_COUNTER_FIELDS, rfc: '123', phone: 'llamar' });
    expect(refused).toEqual({
      ok: false,
      errors: {
        name: 'Campo requerido',
        razon_social: 'Campo requerido',
        rfc: 'RFC inválido: 3 o 4 letras, la fecha en 6 dígitos (AAMMDD) y 3 caracteres de homoclave.',
        phone: 'Teléfono inválido: solo números, espacios y + ( ) - .',
      },
    });
  });
});
