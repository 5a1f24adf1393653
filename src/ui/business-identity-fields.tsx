import type { ChangeEvent } from 'react';
import './business-identity.css';
import { setupMessages } from '../../domain/messages/setup';
import { LOGO_MAX_BYTES } from '../../domain/schemas/setup';
import { describedBy, Field } from './form-fields';

const text = setupMessages;

/** The text fields of the business's identity, by their names in the request. */
export const BUSINESS_TEXT_FIELDS: readonly {
  name: string;
  label: string;
  type?: 'text' | 'tel';
  hint?: string;
  maxLength: number;
  optional?: boolean;
}[] = [
  { name: 'brand', label: text.brand, maxLength: 120 },
  { name: 'legal_name', label: text.legalName, maxLength: 200 },
  { name: 'tax_id', label: text.taxId, maxLength: 13 },
  { name: 'address', label: text.address, maxLength: 300 },
  { name: 'phone', label: text.phone, type: 'tel', maxLength: 40 },
  { name: 'whatsapp', label: text.whatsapp, type: 'tel', maxLength: 40, optional: true },
  { name: 'website', label: text.website, maxLength: 200, optional: true },
  { name: 'bank', label: text.bank, maxLength: 80 },
  { name: 'bank_account', label: text.bankAccount, maxLength: 40 },
  { name: 'clabe', label: text.clabe, hint: text.clabeHint, maxLength: 22 },
];

/** Every field of the identity, in the order a message about them is read (the first gets the focus). */
export const BUSINESS_FIELD_ORDER = [...BUSINESS_TEXT_FIELDS.map((field) => field.name), 'theme_color', 'logo'];

/**
 * The business's identity as 'Configuración inicial' and 'Datos del negocio' ask for it: the
 * text fields, the brand colour and the logo (read as a data: URL, PNG, JPEG or SVG up to 1 MB).
 */
export function BusinessIdentityFields({
  values,
  errors,
  idOf,
  onChange,
  onLogo,
  logoPreview,
}: {
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string | undefined>>;
  /** The element id of a field, for its label and for the focus on an error. */
  idOf: (name: string) => string;
  onChange: (name: string, value: string) => void;
  /** A logo chosen (its data: URL), or a message why it cannot be. */
  onLogo: (logo: { dataUrl: string } | { error: string } | null) => void;
  logoPreview: string | null;
}) {
  const readLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return onLogo(null);
    if (file.size > LOGO_MAX_BYTES) return onLogo({ error: text.logoTooLarge });
    const reader = new FileReader();
    reader.onload = () => onLogo(typeof reader.result === 'string' ? { dataUrl: reader.result } : null);
    reader.readAsDataURL(file);
  };
  return (
    <>
      {BUSINESS_TEXT_FIELDS.map((field) => {
        const id = idOf(field.name);
        return (
          <Field key={field.name} id={id} label={field.label} error={errors[field.name]} hint={field.hint}>
            <input
              id={id}
              type={field.type ?? 'text'}
              autoComplete="off"
              maxLength={field.maxLength}
              required={!field.optional}
              value={values[field.name] ?? ''}
              onChange={(e) => onChange(field.name, e.target.value)}
              {...describedBy(id, errors[field.name], field.hint !== undefined)}
            />
          </Field>
        );
      })}
      <Field id={idOf('theme_color')} label={text.themeColor} error={errors.theme_color}>
        <input
          id={idOf('theme_color')}
          type="color"
          value={values.theme_color ?? '#2e7d32'}
          onChange={(e) => onChange('theme_color', e.target.value)}
          {...describedBy(idOf('theme_color'), errors.theme_color)}
        />
      </Field>
      <Field id={idOf('logo')} label={text.logo} error={errors.logo} hint={text.logoHint}>
        <input
          id={idOf('logo')}
          type="file"
          accept="image/png,image/jpeg,image/svg+xml"
          onChange={readLogo}
          {...describedBy(idOf('logo'), errors.logo, true)}
        />
      </Field>
      {logoPreview && <img className="business-identity__logo" src={logoPreview} alt={text.logo} width={88} height={88} />}
    </>
  );
}
