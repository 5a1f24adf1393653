import { describe, expect, it } from 'vitest';
import type { CompanyDetail } from '../../../domain/schemas/customers';
import { customersMessages } from '../../../domain/messages/customers';
import { fiscalMessages } from '../../../domain/messages/fiscal';
import { bodyOf, checkDraft, draftOf, emptyDraft, newBranch, newContact, usoOptionOf, usoOptionsFor } from './company-draft';

const usos = [
  { id: 101, name: 'G01 Adquisición de mercancías' },
  { id: 102, name: 'G03 Gastos en general' },
  { id: 103, name: 'S01 Sin efectos fiscales' },
  { id: 150, name: 'Uso propio sin clave' },
].map(usoOptionOf);

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
  uso_cfdi: 'G01',
  regimen_fiscal: '601',
  cp_fiscal: '64000',
  created_at: '2026-01-10T15:00:00.000Z',
  updated_at: '2026-01-10T15:00:00.000Z',
  created_by: 'Jorge Treviño Leal',
  verified_at: '2026-01-10T15:30:00.000Z',
  verified_by: 'Jorge Treviño Leal',
  branches: [{ id: 3, name: 'Matriz', address: 'Escobedo 555', latitude: 25.6866, longitude: -100.3161, in_use: true }],
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
      regimen_fiscal: '601',
      cp_fiscal: '64000',
      branches: [{ id: 3, name: 'Matriz', address: 'Escobedo 555', latitude: 25.6866, longitude: -100.3161 }],
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

  it('takes a branch’s place as typed, both or neither, and says in Spanish what is wrong', () => {
    const withPlace = (latitude: string, longitude: string) => ({
      ...emptyDraft(),
      name: 'Fonda Lupe',
      razon_social: 'Fonda Lupe',
      branches: [{ ...newBranch(), name: 'Matriz', address: 'Juárez 10', latitude, longitude }],
    });
    const placed = checkDraft(withPlace(' 25.6866 ', '-100.3161'));
    expect(placed.ok && placed.body.branches[0]).toMatchObject({ latitude: 25.6866, longitude: -100.3161 });
    const none = checkDraft(withPlace('', ''));
    expect(none.ok && none.body.branches[0]).toMatchObject({ latitude: null, longitude: null });
    const errorsOf = (latitude: string, longitude: string) => {
      const checked = checkDraft(withPlace(latitude, longitude));
      return checked.ok ? {} : Object.fromEntries(checked.errors);
    };
    expect(errorsOf('25.68', '')).toEqual({ 'branches.0.longitude': customersMessages.placeIncomplete });
    expect(errorsOf('', '-100.3')).toEqual({ 'branches.0.latitude': customersMessages.placeIncomplete });
    expect(errorsOf('95', '-100.3')).toEqual({ 'branches.0.latitude': customersMessages.invalidLatitude });
    expect(errorsOf('25.68', '-181')).toEqual({ 'branches.0.longitude': customersMessages.invalidLongitude });
    expect(errorsOf('25,68', 'norte')).toEqual({
      'branches.0.latitude': customersMessages.invalidLatitude,
      'branches.0.longitude': customersMessages.invalidLongitude,
    });
  });

  it('checks the fiscal data together: a uso the régimen does not admit is named on the uso', () => {
    const draft = { ...draftOf(saved), rfc: 'GODE561231GR8', regimen_fiscal: '616', cfdi_id: '102' };
    const checked = checkDraft(draft, usos);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.fromEntries(checked.errors)).toEqual({ cfdi_id: fiscalMessages.usoNotForRegimen('G03', '616') });
  });

  it('refuses a régimen of a persona física for a 12-character RFC and a CP that is not 5 digits', () => {
    const checked = checkDraft({ ...draftOf(saved), regimen_fiscal: '612', cp_fiscal: '640' }, usos);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect([...checked.errors.keys()]).toEqual(['regimen_fiscal', 'cp_fiscal']);
    expect(checked.errors.get('regimen_fiscal')).toBe(fiscalMessages.regimenNotForKind('612', 'moral'));
  });

  it('saves a customer without fiscal data', () => {
    const checked = checkDraft({ ...draftOf(saved), regimen_fiscal: '', cp_fiscal: '', cfdi_id: '' }, usos);
    expect(checked.ok).toBe(true);
  });

  it('offers only the usos the chosen régimen admits, keeping the saved one', () => {
    expect(usos.map((u) => u.clave)).toEqual(['G01', 'G03', 'S01', null]);
    expect(usoOptionsFor(usos, '616', '').map((u) => u.id)).toEqual([103]);
    expect(usoOptionsFor(usos, '616', '102').map((u) => u.id)).toEqual([102, 103]);
    expect(usoOptionsFor(usos, '', '').map((u) => u.id)).toEqual([101, 102, 103, 150]);
  });
});
