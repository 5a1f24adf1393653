import { unitKeyForUnitName } from '../../domain/cfdi/product-keys';

/**
 * The SAT keys of the demo's products: each produce item named by the c_ClaveProdServ class of
 * its fruit or vegetable (keys read from the SAT catalogue, see domain/cfdi/product-keys.ts). A
 * product whose class was not confirmed in the catalogue is left without a key, as a business's
 * own catalogue would be until someone sets it. Taxes stay at the default (IVA 16 %) so the
 * demo's totals are those of every sale so far.
 */
const PRODUCT_KEYS: Readonly<Record<string, string>> = {
  'Aguacate Hass': '50401700',
  'Limón sin semilla': '50304100',
  'Tomate saladette': '50406500',
  'Tomate bola': '50406500',
  'Cebolla blanca': '50405300',
  'Cebolla morada': '50405312',
  'Chile jalapeño': '50405625',
  'Chile serrano': '50405600',
  'Chile poblano': '50405600',
  'Papa blanca': '50405700',
  'Papa cambray': '50405707',
  'Calabacita italiana': '50406329',
  'Lechuga romana': '50404621',
  'Lechuga orejona': '50404612',
  Repollo: '50404202',
  Ajo: '50403800',
  Cilantro: '50404106',
  Perejil: '50404100',
  Epazote: '50404110',
  Hierbabuena: '50404100',
  'Plátano Tabasco': '50301700',
  'Plátano macho': '50307025',
  'Manzana Red Delicious': '50301572',
  'Manzana Golden': '50301533',
  'Naranja para jugo': '50305000',
  Mandarina: '50304400',
  'Piña miel': '50305600',
  'Melón chino': '50304600',
  Sandía: '50304600',
  'Mango Ataulfo': '50304502',
  Fresa: '50306700',
  Guayaba: '50303700',
  Nopal: '50407000',
  Ejote: '50401847',
  Chayote: '50407017',
  Camote: '50406400',
  Betabel: '50401900',
  Rábano: '50407024',
  Apio: '50407003',
  Espinaca: '50406200',
  Champiñón: '50404803',
  'Pimiento morrón rojo': '50405631',
  'Pimiento morrón verde': '50405631',
  'Jitomate cherry': '50406506',
  'Tomatillo verde': '50406511',
  'Chile habanero': '50405623',
  Jengibre: '50407030',
  Kiwi: '50303900',
  Arándano: '50303800',
  'Caja de tomate saladette 20 kg': '50406500',
};

/** A bunch of herbs is sold and counted by the piece. */
const UNIT_KEYS: Readonly<Record<string, string>> = { manojo: 'H87', juego: 'SET' };

export function demoProductKeys(name: string, unit: string): { clave_prod_serv: string | null; clave_unidad: string | null } {
  return { clave_prod_serv: PRODUCT_KEYS[name] ?? null, clave_unidad: UNIT_KEYS[unit] ?? unitKeyForUnitName(unit) };
}
