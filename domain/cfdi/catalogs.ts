/**
 * The SAT's catalogues of CFDI 4.0 (Anexo 20, catCFDI) that the product uses, copied from the
 * SAT's published catalogue as phpcfdi/resources-sat-catalogs keeps it (cfdi_40_* tables, 2022-01-01
 * onwards). They change rarely and by decree; when the SAT publishes a new key, add it here and
 * in the migration that seeds the `cfdis` list (uso CFDI) — nothing else reads a key as a literal.
 * Descriptions are the SAT's own wording (its trailing full stops dropped).
 */

/** c_RegimenFiscal: who may declare each régimen (a persona física, a moral, or both). */
export const REGIMENES_FISCALES = [
  { clave: '601', descripcion: 'General de Ley Personas Morales', fisica: false, moral: true },
  { clave: '603', descripcion: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  { clave: '605', descripcion: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  { clave: '606', descripcion: 'Arrendamiento', fisica: true, moral: false },
  { clave: '607', descripcion: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  { clave: '608', descripcion: 'Demás ingresos', fisica: true, moral: false },
  { clave: '610', descripcion: 'Residentes en el Extranjero sin Establecimiento Permanente en México', fisica: true, moral: true },
  { clave: '611', descripcion: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  { clave: '612', descripcion: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
  { clave: '614', descripcion: 'Ingresos por intereses', fisica: true, moral: false },
  { clave: '615', descripcion: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  { clave: '616', descripcion: 'Sin obligaciones fiscales', fisica: true, moral: false },
  { clave: '620', descripcion: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', fisica: false, moral: true },
  { clave: '621', descripcion: 'Incorporación Fiscal', fisica: true, moral: false },
  { clave: '622', descripcion: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', fisica: false, moral: true },
  { clave: '623', descripcion: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { clave: '624', descripcion: 'Coordinados', fisica: false, moral: true },
  {
    clave: '625',
    descripcion: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    fisica: true,
    moral: false,
  },
  { clave: '626', descripcion: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
] as const;
export type RegimenFiscal = (typeof REGIMENES_FISCALES)[number]['clave'];

// The régimen lists of c_UsoCFDI's 'Régimen Fiscal Receptor' column, shared by several usos.
const EMPRESARIALES = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] as const;
const DEDUCCIONES_PERSONALES = ['605', '606', '608', '611', '612', '614', '607', '615', '625'] as const;
const TODOS_SALVO_NOMINA = [
  '601',
  '603',
  '605',
  '606',
  '608',
  '610',
  '611',
  '612',
  '614',
  '616',
  '620',
  '621',
  '622',
  '623',
  '624',
  '607',
  '615',
  '625',
  '626',
] as const;

/**
 * c_UsoCFDI: who may receive a CFDI with each use (física, moral) and under which of the
 * receiver's régimenes (the SAT refuses a uso whose list lacks the receiver's régimen).
 */
export const USOS_CFDI = [
  { clave: 'G01', descripcion: 'Adquisición de mercancías', fisica: true, moral: true, regimenes: EMPRESARIALES },
  {
    clave: 'G02',
    descripcion: 'Devoluciones, descuentos o bonificaciones',
    fisica: true,
    moral: true,
    regimenes: ['601', '603', '606', '612', '616', '620', '621', '622', '623', '624', '625', '626'],
  },
  { clave: 'G03', descripcion: 'Gastos en general', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I01', descripcion: 'Construcciones', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I02', descripcion: 'Mobiliario y equipo de oficina por inversiones', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I03', descripcion: 'Equipo de transporte', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I04', descripcion: 'Equipo de computo y accesorios', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I05', descripcion: 'Dados, troqueles, moldes, matrices y herramental', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I06', descripcion: 'Comunicaciones telefónicas', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I07', descripcion: 'Comunicaciones satelitales', fisica: true, moral: true, regimenes: EMPRESARIALES },
  { clave: 'I08', descripcion: 'Otra maquinaria y equipo', fisica: true, moral: true, regimenes: EMPRESARIALES },
  {
    clave: 'D01',
    descripcion: 'Honorarios médicos, dentales y gastos hospitalarios',
    fisica: true,
    moral: false,
    regimenes: DEDUCCIONES_PERSONALES,
  },
  {
    clave: 'D02',
    descripcion: 'Gastos médicos por incapacidad o discapacidad',
    fisica: true,
    moral: false,
    regimenes: DEDUCCIONES_PERSONALES,
  },
  { clave: 'D03', descripcion: 'Gastos funerales', fisica: true, moral: false, regimenes: DEDUCCIONES_PERSONALES },
  { clave: 'D04', descripcion: 'Donativos', fisica: true, moral: false, regimenes: DEDUCCIONES_PERSONALES },
  {
    clave: 'D05',
    descripcion: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)',
    fisica: true,
    moral: false,
    regimenes: DEDUCCIONES_PERSONALES,
  },
  { clave: 'D06', descripcion: 'Aportaciones voluntarias al SAR', fisica: true, moral: false, regimenes: DEDUCCIONES_PERSONALES },
  { clave: 'D07', descripcion: 'Primas por seguros de gastos médicos', fisica: true, moral: false, regimenes: DEDUCCIONES_PERSONALES },
  {
    clave: 'D08',
    descripcion: 'Gastos de transportación escolar obligatoria',
    fisica: true,
    moral: false,
    regimenes: DEDUCCIONES_PERSONALES,
  },
  {
    clave: 'D09',
    descripcion: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
    fisica: true,
    moral: false,
    regimenes: DEDUCCIONES_PERSONALES,
  },
  {
    clave: 'D10',
    descripcion: 'Pagos por servicios educativos (colegiaturas)',
    fisica: true,
    moral: false,
    regimenes: DEDUCCIONES_PERSONALES,
  },
  { clave: 'S01', descripcion: 'Sin efectos fiscales', fisica: true, moral: true, regimenes: TODOS_SALVO_NOMINA },
  { clave: 'CP01', descripcion: 'Pagos', fisica: true, moral: true, regimenes: TODOS_SALVO_NOMINA },
  { clave: 'CN01', descripcion: 'Nómina', fisica: true, moral: false, regimenes: ['605'] },
] as const satisfies readonly {
  clave: string;
  descripcion: string;
  fisica: boolean;
  moral: boolean;
  regimenes: readonly RegimenFiscal[];
}[];
export type UsoCfdi = (typeof USOS_CFDI)[number]['clave'];

/** c_FormaPago. 99 'Por definir' is what a PPD invoice carries (the payment comes later, with its complement). */
export const FORMAS_PAGO = [
  { clave: '01', descripcion: 'Efectivo' },
  { clave: '02', descripcion: 'Cheque nominativo' },
  { clave: '03', descripcion: 'Transferencia electrónica de fondos' },
  { clave: '04', descripcion: 'Tarjeta de crédito' },
  { clave: '05', descripcion: 'Monedero electrónico' },
  { clave: '06', descripcion: 'Dinero electrónico' },
  { clave: '08', descripcion: 'Vales de despensa' },
  { clave: '12', descripcion: 'Dación en pago' },
  { clave: '13', descripcion: 'Pago por subrogación' },
  { clave: '14', descripcion: 'Pago por consignación' },
  { clave: '15', descripcion: 'Condonación' },
  { clave: '17', descripcion: 'Compensación' },
  { clave: '23', descripcion: 'Novación' },
  { clave: '24', descripcion: 'Confusión' },
  { clave: '25', descripcion: 'Remisión de deuda' },
  { clave: '26', descripcion: 'Prescripción o caducidad' },
  { clave: '27', descripcion: 'A satisfacción del acreedor' },
  { clave: '28', descripcion: 'Tarjeta de débito' },
  { clave: '29', descripcion: 'Tarjeta de servicios' },
  { clave: '30', descripcion: 'Aplicación de anticipos' },
  { clave: '31', descripcion: 'Intermediario pagos' },
  { clave: '99', descripcion: 'Por definir' },
] as const;
export type FormaPago = (typeof FORMAS_PAGO)[number]['clave'];
export const FORMA_PAGO_POR_DEFINIR = '99' satisfies FormaPago;

/** c_MetodoPago: paid when invoiced (PUE) or later, in one or more payments each with its complement (PPD). */
export const METODOS_PAGO = [
  { clave: 'PUE', descripcion: 'Pago en una sola exhibición' },
  { clave: 'PPD', descripcion: 'Pago en parcialidades o diferido' },
] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number]['clave'];

/** c_ObjetoImp: whether a line is subject to tax (05–08 are the SAT's later special cases). */
export const OBJETOS_IMP = [
  { clave: '01', descripcion: 'No objeto de impuesto' },
  { clave: '02', descripcion: 'Sí objeto de impuesto' },
  { clave: '03', descripcion: 'Sí objeto del impuesto y no obligado al desglose' },
  { clave: '04', descripcion: 'Sí objeto del impuesto y no causa impuesto' },
  { clave: '05', descripcion: 'Sí objeto del impuesto, IVA crédito PODEBI' },
  { clave: '06', descripcion: 'Sí objeto del IVA, No traslado IVA' },
  { clave: '07', descripcion: 'No traslado del IVA, Sí desglose IEPS' },
  { clave: '08', descripcion: 'No traslado del IVA, No desglose IEPS' },
] as const;
export type ObjetoImp = (typeof OBJETOS_IMP)[number]['clave'];

/** c_TipoRelacion: how a CFDI relates to earlier ones (01 a credit note, 04 a substitute). */
export const TIPOS_RELACION = [
  { clave: '01', descripcion: 'Nota de crédito de los documentos relacionados' },
  { clave: '02', descripcion: 'Nota de débito de los documentos relacionados' },
  { clave: '03', descripcion: 'Devolución de mercancía sobre facturas o traslados previos' },
  { clave: '04', descripcion: 'Sustitución de los CFDI previos' },
  { clave: '05', descripcion: 'Traslados de mercancías facturados previamente' },
  { clave: '06', descripcion: 'Factura generada por los traslados previos' },
  { clave: '07', descripcion: 'CFDI por aplicación de anticipo' },
] as const;
export type TipoRelacion = (typeof TIPOS_RELACION)[number]['clave'];

/** The SAT's cancellation motives; 01 needs the substitute's UUID (FolioSustitucion). */
export const MOTIVOS_CANCELACION = [
  { clave: '01', descripcion: 'Comprobante emitido con errores con relación' },
  { clave: '02', descripcion: 'Comprobante emitido con errores sin relación' },
  { clave: '03', descripcion: 'No se llevó a cabo la operación' },
  { clave: '04', descripcion: 'Operación nominativa relacionada en una factura global' },
] as const;
export type MotivoCancelacion = (typeof MOTIVOS_CANCELACION)[number]['clave'];

/** c_Periodicidad: the period a global invoice covers. */
export const PERIODICIDADES = [
  { clave: '01', descripcion: 'Diario' },
  { clave: '02', descripcion: 'Semanal' },
  { clave: '03', descripcion: 'Quincenal' },
  { clave: '04', descripcion: 'Mensual' },
  { clave: '05', descripcion: 'Bimestral' },
] as const;
export type Periodicidad = (typeof PERIODICIDADES)[number]['clave'];

/** c_Meses: a month (01–12) or, for a bimonthly global invoice, a pair of months (13–18). */
export const MESES = [
  { clave: '01', descripcion: 'Enero' },
  { clave: '02', descripcion: 'Febrero' },
  { clave: '03', descripcion: 'Marzo' },
  { clave: '04', descripcion: 'Abril' },
  { clave: '05', descripcion: 'Mayo' },
  { clave: '06', descripcion: 'Junio' },
  { clave: '07', descripcion: 'Julio' },
  { clave: '08', descripcion: 'Agosto' },
  { clave: '09', descripcion: 'Septiembre' },
  { clave: '10', descripcion: 'Octubre' },
  { clave: '11', descripcion: 'Noviembre' },
  { clave: '12', descripcion: 'Diciembre' },
  { clave: '13', descripcion: 'Enero-Febrero' },
  { clave: '14', descripcion: 'Marzo-Abril' },
  { clave: '15', descripcion: 'Mayo-Junio' },
  { clave: '16', descripcion: 'Julio-Agosto' },
  { clave: '17', descripcion: 'Septiembre-Octubre' },
  { clave: '18', descripcion: 'Noviembre-Diciembre' },
] as const;
export type Mes = (typeof MESES)[number]['clave'];

/** An entry of any of these catalogues. */
export interface CatalogEntry {
  readonly clave: string;
  readonly descripcion: string;
}

/** The entry of `catalog` with key `clave`, or undefined for a key the SAT does not list. */
export function findEntry<T extends CatalogEntry>(catalog: readonly T[], clave: string | null | undefined): T | undefined {
  return clave == null ? undefined : catalog.find((entry) => entry.clave === clave);
}

/** 'clave descripción', as the SAT's portal and bookkeepers name an entry ('601 General de Ley Personas Morales'). */
export const entryLabel = (entry: CatalogEntry): string => `${entry.clave} ${entry.descripcion}`;

export const regimenFiscal = (clave: string | null | undefined) => findEntry(REGIMENES_FISCALES, clave);
export const usoCfdi = (clave: string | null | undefined) => findEntry(USOS_CFDI, clave);
export const formaPago = (clave: string | null | undefined) => findEntry(FORMAS_PAGO, clave);
export const metodoPago = (clave: string | null | undefined) => findEntry(METODOS_PAGO, clave);
export const objetoImp = (clave: string | null | undefined) => findEntry(OBJETOS_IMP, clave);
export const tipoRelacion = (clave: string | null | undefined) => findEntry(TIPOS_RELACION, clave);
export const motivoCancelacion = (clave: string | null | undefined) => findEntry(MOTIVOS_CANCELACION, clave);
export const periodicidad = (clave: string | null | undefined) => findEntry(PERIODICIDADES, clave);
export const mes = (clave: string | null | undefined) => findEntry(MESES, clave);

/** The person an RFC names: 12 characters a persona moral, 13 a persona física. */
export type PersonaKind = 'fisica' | 'moral';

/** Whether a persona of `kind` may declare régimen `clave` (an unknown key: no). */
export function regimenAdmits(clave: string, kind: PersonaKind): boolean {
  const entry = regimenFiscal(clave);
  return entry !== undefined && entry[kind];
}

/** Whether uso `uso` is admitted for a receiver of `kind` under régimen `regimen` (c_UsoCFDI's columns). */
export function usoAdmits(uso: string, regimen: string, kind?: PersonaKind): boolean {
  const entry = usoCfdi(uso);
  if (!entry) return false;
  if (kind !== undefined && !entry[kind]) return false;
  return (entry.regimenes as readonly string[]).includes(regimen);
}

/** The usos a receiver under `regimen` may ask for, in the catalogue's order (the form's select). */
export function usosForRegimen(regimen: string, kind?: PersonaKind): (typeof USOS_CFDI)[number][] {
  return USOS_CFDI.filter((entry) => usoAdmits(entry.clave, regimen, kind));
}

/** The régimenes a persona of `kind` may declare (all of them when the kind is unknown yet). */
export function regimenesFor(kind?: PersonaKind): (typeof REGIMENES_FISCALES)[number][] {
  return REGIMENES_FISCALES.filter((entry) => kind === undefined || entry[kind]);
}
