import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { fiscalSettingsUpdateSchema, type FiscalSettings } from '../../../domain/schemas/invoicing';

/*
 * 'Facturación' as a form: what the person types (strings, as the controls hold them), the
 * request it becomes (checked with the same schema the server checks it with), and the errors
 * by field. The PAC's password is sent only when typed: an empty box keeps the stored one.
 */

export interface FiscalValues {
  regimen_fiscal: string;
  lugar_expedicion: string;
  invoice_on_sale: boolean;
  pac_user: string;
  pac_password: string;
  series: { kind: FiscalSettings['series'][number]['kind']; serie: string; next_folio: string }[];
}

export function fiscalValuesOf(settings: FiscalSettings): FiscalValues {
  return {
    regimen_fiscal: settings.regimen_fiscal ?? '',
    lugar_expedicion: settings.lugar_expedicion ?? '',
    invoice_on_sale: settings.invoice_on_sale,
    pac_user: settings.pac.user ?? '',
    pac_password: '',
    series: settings.series.map((series) => ({ kind: series.kind, serie: series.serie, next_folio: String(series.next_folio) })),
  };
}

/** A field's key in the errors: 'lugar_expedicion', 'series.0.next_folio'. */
export const fieldKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

export type FiscalCheck =
  { ok: true; body: ReturnType<typeof fiscalSettingsUpdateSchema.parse> } | { ok: false; errors: Record<string, string> };

/** The PUT /api/v2/fiscal body of what is typed, or the errors by field the server would answer. */
export function fiscalRequestOf(values: FiscalValues): FiscalCheck {
  const errors: Record<string, string> = {};
  // A folio that is not a whole number is said here: the schema would only see no number at all.
  const folio = (typed: string, index: number) => {
    if (/^\d{1,10}$/.test(typed.trim())) return Number(typed.trim());
    errors[`series.${index}.next_folio`] = invoicingScreenMessages.fiscal.folioNotNumber;
    return 1;
  };
  const parsed = fiscalSettingsUpdateSchema.safeParse({
    regimen_fiscal: values.regimen_fiscal === '' ? null : values.regimen_fiscal,
    lugar_expedicion: values.lugar_expedicion.trim() === '' ? null : values.lugar_expedicion,
    invoice_on_sale: values.invoice_on_sale,
    pac_user: values.pac_user.trim() === '' ? null : values.pac_user,
    ...(values.pac_password !== '' && { pac_password: values.pac_password }),
    series: values.series.map((series, index) => ({ kind: series.kind, serie: series.serie, next_folio: folio(series.next_folio, index) })),
  });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[fieldKey(issue.path)] ??= issue.message;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** A file's bytes as base64, as POST /api/v2/fiscal/csd takes the .cer and the .key. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading a whole file into one call would overflow the argument stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
