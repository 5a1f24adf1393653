import { describe, expect, it } from 'vitest';
import { fiscalSettingsSchema, type FiscalSettings } from '../../../domain/schemas/invoicing';
import { base64Of, fiscalRequestOf, fiscalValuesOf } from './fiscal-form';

const stored: FiscalSettings = fiscalSettingsSchema.parse({
  regimen_fiscal: '601',
  lugar_expedicion: '64000',
  csd: null,
  pac: { provider: 'sw', user: 'facturas@frutas.mx', has_password: true },
  invoice_on_sale: false,
  series: [
    { kind: 'factura', serie: 'A', next_folio: 12 },
    { kind: 'nota_credito', serie: 'NC', next_folio: 1 },
  ],
  missing: [],
  warning: null,
});

describe("'Facturación' as a request", () => {
  it('starts from what the server holds, with the password box empty', () => {
    const values = fiscalValuesOf(stored);
    expect(values).toMatchObject({ regimen_fiscal: '601', lugar_expedicion: '64000', pac_user: 'facturas@frutas.mx', pac_password: '' });
    expect(values.series[0]).toEqual({ kind: 'factura', serie: 'A', next_folio: '12' });
  });

  it('keeps the stored PAC password when the box is left empty, and sends a typed one', () => {
    const unchanged = fiscalRequestOf(fiscalValuesOf(stored));
    expect(unchanged.ok && unchanged.body).toEqual({
      regimen_fiscal: '601',
      lugar_expedicion: '64000',
      invoice_on_sale: false,
      pac_user: 'facturas@frutas.mx',
      series: [
        { kind: 'factura', serie: 'A', next_folio: 12 },
        { kind: 'nota_credito', serie: 'NC', next_folio: 1 },
      ],
    });
    expect(unchanged.ok && 'pac_password' in unchanged.body).toBe(false);
    const typed = fiscalRequestOf({ ...fiscalValuesOf(stored), pac_password: 'nueva-clave' });
    expect(typed.ok && typed.body.pac_password).toBe('nueva-clave');
  });

  it('clears a field left empty', () => {
    const cleared = fiscalRequestOf({ ...fiscalValuesOf(stored), regimen_fiscal: '', lugar_expedicion: ' ', pac_user: '' });
    expect(cleared.ok && cleared.body).toMatchObject({ regimen_fiscal: null, lugar_expedicion: null, pac_user: null });
  });

  it('names each wrong field in Spanish, a series by its row', () => {
    const values = fiscalValuesOf(stored);
    const checked = fiscalRequestOf({
      ...values,
      lugar_expedicion: '640',
      series: [
        { ...values.series[0]!, serie: 'A 1' },
        { ...values.series[1]!, next_folio: 'diez' },
      ],
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        lugar_expedicion: 'El lugar de expedición es un código postal de 5 dígitos.',
        'series.0.serie': 'La serie admite hasta 25 letras o números.',
        'series.1.next_folio': 'Escriba el siguiente folio como un número entero.',
      },
    });
    const zero = fiscalRequestOf({ ...values, series: [{ ...values.series[0]!, next_folio: '0' }] });
    expect(zero).toEqual({ ok: false, errors: { 'series.0.next_folio': 'El folio empieza en 1.' } });
  });
});

describe("a CSD file's bytes", () => {
  it('become the base64 the server decodes, also past one slice of 32 KB', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 31) % 256);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64Of(new Uint8Array([0x30, 0x82]))).toBe('MII=');
  });
});
