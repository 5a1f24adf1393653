import { describe, expect, it } from 'vitest';
import type { CompanyDetail } from '../../../domain/schemas/customers';
import { bodyOf, checkDraft, draftOf, emptyDraft, newContact } from './company-draft';

const saved: CompanyDetail = {
  id: 7,
  name: 'Hotel Ancira Centro',
  macro: 'Hotel',
  razon_social: 'Ancira Centro S.A. de C.V.',
  rfc: 'HOT070101A01',
  credit_days: 30,
  delivery_address: 'Escobedo 555, Centro',
  delivery_references: null,
  delivery_time: '07:00 a 09:00',
  cfdi_id: 101,
  cfdi: 'G01 Adquisición de mercancías',
  created_at: '2026-01-10T15:00:00.000Z',
  updated_at: '2026-01-10T15:00:00.000Z',
  created_by: 'Jorge Treviño Leal',
  verified_at: '2026-01-10T15:30:00.000Z',
  verified_by: 'Jorge Treviño Leal',
  branches: [{ id: 3, name: 'Matriz', address: 'Escobedo 555', in_use: true }],
  contacts: [{ id: 9, name: 'Rosa', last: 'Elizondo', phone: null, email: 'rosa@ancira.mx', in_use: false }],
  balance: {
    today: '2026-03-10',
    due: 0,
    overdue: 0,
    credit: 0,
    open_sales: 0,
    buckets: {
      current: { amount: 0, sales: 0 },
      days_0_30: { amount: 0, sales: 0 },
      days_31_60: { amount: 0, sales: 0 },
      days_61_90: { amount: 0, sales: 0 },
      days_over_90: { amount: 0, sales: 0 },
    },
  },
};

describe('the company form’s draft', () => {
  it('of a saved customer sends back the same customer, branches and contacts by id', () => {
    const draft = draftOf(saved);
    expect(draft.branches[0]).toMatchObject({ id: 3, inUse: true });
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body).toEqual({
      name: 'Hotel Ancira Centro',
      macro: 'Hotel',
      razon_social: 'Ancira Centro S.A. de C.V.',
      rfc: 'HOT070101A01',
      credit_days: 30,
      delivery_address: 'Escobedo 555, Centro',
      delivery_references: null,
      delivery_time: '07:00 a 09:00',
      cfdi_id: 101,
      branches: [{ id: 3, name: 'Matriz', address: 'Escobedo 555' }],
      contacts: [{ id: 9, name: 'Rosa', last: 'Elizondo', phone: null, email: 'rosa@ancira.mx' }],
    });
  });

  it('names each field to fix with its message, under its branch or contact', () => {
    const draft = { ...emptyDraft(), rfc: 'xyz', credit_days: '400', contacts: [{ ...newContact(), email: 'rosa@' }] };
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.fromEntries(checked.errors)).toEqual({
      name: 'Campo requerido',
      razon_social: 'Campo requerido',
      rfc: 'RFC inválido: 3 o 4 letras, la fecha en 6 dígitos (AAMMDD) y 3 caracteres de homoclave.',
      credit_days: 'Los días de crédito deben ser un número entero de 0 a 365.',
      'branches.0.address': 'Campo requerido',
      'contacts.0.name': 'Campo requerido',
      'contacts.0.email': 'E-mail inavlido.',
    });
  });

  it('sends what was typed, empty texts as typed and no CFDI as null, for the schema to trim', () => {
    const body = bodyOf({ ...emptyDraft(), name: ' Fonda Lupe ', cfdi_id: '' });
    expect(body).toMatchObject({ name: ' Fonda Lupe ', cfdi_id: null, branches: [{ id: null, name: 'Matriz', address: '' }] });
  });
});
