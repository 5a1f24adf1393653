/**
 * The SAT catalogues a product carries into an invoice (Anexo 20, CFDI 4.0): its product or
 * service key (c_ClaveProdServ), its unit key (c_ClaveUnidad), whether it is subject to tax
 * (c_ObjetoImp) and the rates of its transferred taxes (c_TasaOCuota for IVA and IEPS).
 *
 * c_ClaveProdServ has some 52,000 keys; the product form offers the few a produce wholesaler
 * uses and accepts any other key of 8 digits. The suggestions were read from the SAT's
 * catalogue as phpcfdi's resources-sat-catalogs and the Carta Porte product catalogue
 * publish it (2023-11 revision): class keys (ending in 00) name the fruit or vegetable.
 */

export interface CatalogueKey {
  key: string;
  name: string;
}

/** The c_ClaveUnidad keys a wholesaler sells by, with the SAT's names. */
export const UNIT_KEYS: readonly CatalogueKey[] = [
  { key: 'KGM', name: 'Kilogramo' },
  { key: 'GRM', name: 'Gramo' },
  { key: 'TNE', name: 'Tonelada' },
  { key: 'H87', name: 'Pieza' },
  { key: 'XBX', name: 'Caja' },
  { key: 'XPK', name: 'Paquete' },
  { key: 'XBG', name: 'Bolsa' },
  { key: 'XSA', name: 'Saco' },
  { key: 'XBJ', name: 'Cubeta' },
  { key: 'KT', name: 'Kit' },
  { key: 'SET', name: 'Conjunto' },
  { key: 'PR', name: 'Par' },
  { key: 'DZN', name: 'Docena' },
  { key: 'LTR', name: 'Litro' },
  { key: 'MLT', name: 'Mililitro' },
  { key: 'MTR', name: 'Metro' },
  { key: 'EA', name: 'Elemento' },
  { key: 'C62', name: 'Uno' },
  { key: 'E48', name: 'Unidad de servicio' },
  { key: 'ACT', name: 'Actividad' },
  { key: 'DAY', name: 'Día' },
  { key: 'HUR', name: 'Hora' },
];

const unitKeys = new Set(UNIT_KEYS.map((unit) => unit.key));

/** A unit key this product accepts: one of UNIT_KEYS (the rest of the catalogue is not offered). */
export function isUnitKey(key: string): boolean {
  return unitKeys.has(key);
}

/**
 * The unit key a unit's name plainly means ('kg' → KGM, 'pieza' → H87, 'caja' → XBX), or null
 * when the name says nothing certain ('manojo', 'charola'): then the business chooses.
 * Migration 0042 filled existing products with the same names.
 */
export function unitKeyForUnitName(unitName: string): string | null {
  const name = unitName.trim().toLowerCase();
  for (const [key, names] of UNIT_NAMES) if (names.includes(name)) return key;
  return null;
}

const UNIT_NAMES: readonly (readonly [string, readonly string[]])[] = [
  ['KGM', ['kg', 'kgs', 'kilo', 'kilos', 'kilogramo', 'kilogramos']],
  ['GRM', ['g', 'gr', 'gramo', 'gramos']],
  ['TNE', ['tonelada', 'toneladas']],
  ['H87', ['pieza', 'piezas', 'pza', 'pzas', 'pz']],
  ['XBX', ['caja', 'cajas']],
  ['XPK', ['paquete', 'paquetes', 'paq']],
  ['XBG', ['bolsa', 'bolsas']],
  ['LTR', ['litro', 'litros', 'l', 'lt']],
  ['DZN', ['docena', 'docenas']],
  ['E48', ['servicio']],
  ['KT', ['kit']],
];

/** c_ObjetoImp: whether the line is subject to tax. 02 is every ordinary sale. */
export const TAX_OBJECTS: readonly CatalogueKey[] = [
  { key: '01', name: 'No objeto de impuesto' },
  { key: '02', name: 'Sí objeto de impuesto' },
  { key: '03', name: 'Sí objeto del impuesto y no obligado al desglose' },
  { key: '04', name: 'Sí objeto del impuesto y no causa impuesto' },
];
export const TAX_OBJECT_KEYS = ['01', '02', '03', '04'] as const;
export type TaxObject = (typeof TAX_OBJECT_KEYS)[number];

/**
 * Whether a line of this c_ObjetoImp carries transferred taxes: 01 (not subject) and 04 (subject
 * but causes none) carry no IVA or IEPS, so a product of either has no rates.
 */
export function taxObjectCarriesTaxes(objetoImp: string): boolean {
  return objetoImp === '02' || objetoImp === '03';
}

/** IVA tasa of c_TasaOCuota: 16 % general, 8 % in the northern and southern border regions, 0 % (fresh produce). Null is 'Exento'. */
export const IVA_RATES = [0.16, 0.08, 0] as const;
export type IvaRate = (typeof IVA_RATES)[number];

export function isIvaRate(rate: number): rate is IvaRate {
  return (IVA_RATES as readonly number[]).includes(rate);
}

/**
 * IEPS tasas of c_TasaOCuota (Ley del IEPS art. 2): alcoholic drinks 26.5 / 30 / 53 %, tobacco
 * 160 %, high-calorie food 8 %, and the fuels' and others' rates. Only tasas: an IEPS by cuota
 * (pesos per litre) is not a rate of the line and is not kept on a product.
 */
export const IEPS_RATES = [0.265, 0.3, 0.53, 0.5, 1.6, 0.304, 0.25, 0.09, 0.08, 0.07, 0.06, 0.03, 0] as const;

export function isIepsRate(rate: number): boolean {
  return (IEPS_RATES as readonly number[]).includes(rate);
}

/** A c_ClaveProdServ is 8 digits; '01010101' ('No existe en el catálogo') is the SAT's own key and is accepted. */
export function isProductKeyFormat(key: string): boolean {
  return /^\d{8}$/.test(key) && key !== '00000000';
}

/** Fresh fruit (5030xxxx) and vegetables (5040xxxx) a produce wholesaler sells, and its everyday others. */
export const PRODUCT_KEY_SUGGESTIONS: readonly CatalogueKey[] = [
  { key: '50301500', name: 'Manzanas' },
  { key: '50301700', name: 'Bananos (plátanos)' },
  { key: '50303700', name: 'Guayabas' },
  { key: '50303900', name: 'Kiwis' },
  { key: '50304100', name: 'Limones' },
  { key: '50304200', name: 'Limas' },
  { key: '50304400', name: 'Mandarinas' },
  { key: '50304500', name: 'Mangos' },
  { key: '50304600', name: 'Melones' },
  { key: '50305000', name: 'Naranjas' },
  { key: '50305600', name: 'Piñas' },
  { key: '50305800', name: 'Ciruelas' },
  { key: '50306200', name: 'Frambuesas' },
  { key: '50306700', name: 'Fresas' },
  { key: '50307000', name: 'Frutas nominant (tejocote, xoconostle, caña)' },
  { key: '50307025', name: 'Plátano macho' },
  { key: '50303800', name: 'Arándanos' },
  { key: '50401700', name: 'Aguacates' },
  { key: '50401847', name: 'Ejotes' },
  { key: '50401900', name: 'Betabeles' },
  { key: '50403500', name: 'Berenjenas' },
  { key: '50403800', name: 'Ajos' },
  { key: '50404100', name: 'Hierbas (perejil, hierbabuena)' },
  { key: '50404106', name: 'Cilantro' },
  { key: '50404110', name: 'Epazote' },
  { key: '50404200', name: 'Coles' },
  { key: '50404600', name: 'Lechugas' },
  { key: '50404800', name: 'Hongos o champiñones' },
  { key: '50405104', name: 'Tomatillo' },
  { key: '50405300', name: 'Cebollas' },
  { key: '50405600', name: 'Pimientos (chiles)' },
  { key: '50405625', name: 'Chile jalapeño' },
  { key: '50405700', name: 'Papas' },
  { key: '50406200', name: 'Espinacas' },
  { key: '50406300', name: 'Calabazas' },
  { key: '50406329', name: 'Calabaza zucchini (calabacita)' },
  { key: '50406400', name: 'Batatas (camotes)' },
  { key: '50406500', name: 'Tomates (jitomates)' },
  { key: '50406511', name: 'Tomate verde' },
  { key: '50407000', name: 'Vegetales nominant (nopal)' },
  { key: '50407003', name: 'Apio' },
  { key: '50407017', name: 'Chayote' },
  { key: '50407024', name: 'Rábano' },
  { key: '50407030', name: 'Raíz de jengibre' },
  { key: '50407034', name: 'Jícama' },
  { key: '01010101', name: 'No existe en el catálogo' },
];
