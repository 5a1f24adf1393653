/**
 * The texts of a customer's fiscal data (the CFDI's receiver): refusals that name the field, as
 * the SAT would refuse the invoice, said when the data is entered rather than when stamping.
 */
export const fiscalMessages = {
  fields: {
    rfc: 'RFC',
    razonSocial: 'Razón social',
    regimenFiscal: 'Régimen fiscal',
    cpFiscal: 'CP fiscal',
    usoCfdi: 'Uso de CFDI',
  },
  rfcFormat: 'RFC inválido: 3 letras (persona moral) o 4 (persona física), la fecha AAMMDD válida y 3 caracteres de homoclave.',
  rfcCheckDigit: 'RFC inválido: el dígito verificador (el último carácter) no corresponde; revisa la Constancia de Situación Fiscal.',
  regimenUnknown: 'Régimen fiscal: la clave no está en el catálogo del SAT.',
  regimenNotForKind: (regimen: string, kind: 'fisica' | 'moral') =>
    `Régimen fiscal: el ${regimen} no aplica a una persona ${kind === 'fisica' ? 'física (RFC de 13 caracteres)' : 'moral (RFC de 12 caracteres)'}.`,
  usoUnknown: 'Uso de CFDI: la clave no está en el catálogo del SAT.',
  usoNotForRegimen: (uso: string, regimen: string) => `Uso de CFDI: el ${uso} no se admite con el régimen fiscal ${regimen}.`,
  usoNotForKind: (uso: string, kind: 'fisica' | 'moral') =>
    `Uso de CFDI: el ${uso} no aplica a una persona ${kind === 'fisica' ? 'física' : 'moral'}.`,
  cpFiscal: 'CP fiscal: 5 dígitos, el código postal de la Constancia de Situación Fiscal.',
  publicoEnGeneralRegimen: 'Régimen fiscal: para Público en general (XAXX010101000) debe ser 616 Sin obligaciones fiscales.',
  publicoEnGeneralUso: 'Uso de CFDI: para Público en general (XAXX010101000) debe ser S01 Sin efectos fiscales.',
  extranjeroRegimen: 'Régimen fiscal: para un residente en el extranjero (XEXX010101000) debe ser 616 Sin obligaciones fiscales.',
  /** A hint, not a refusal: the SAT compares the Nombre with its register, which has no legal form. */
  razonSocialLegalForm: (form: string) =>
    `Razón social: el SAT la registra sin el régimen de capital («${form}»); en la factura se escribe como en la Constancia de Situación Fiscal.`,
  /** The customer form's 'Datos fiscales' section. */
  form: {
    section: 'Datos fiscales',
    hint: 'Se piden al facturar; si faltan, el cliente se guarda igual.',
    regimen: 'Régimen fiscal',
    noRegimen: 'Sin régimen fiscal',
    cpFiscal: 'CP fiscal',
    cpFiscalHint: 'Código postal del domicilio fiscal (5 dígitos).',
    usoCfdi: 'Uso de CFDI',
    noUso: 'Sin uso de CFDI',
    chooseRegimenFirst: 'Elige primero el régimen fiscal: solo se muestran los usos que admite.',
  },
} as const;
