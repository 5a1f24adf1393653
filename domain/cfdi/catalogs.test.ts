import { describe, expect, it } from 'vitest';
import { MESES, REGIMENES_FISCALES, USOS_CFDI, regimenesFor, usoAdmits, usosForRegimen } from './catalogs';

describe('the SAT catalogues', () => {
  it('keep every current régimen key from 601 to 626 once', () => {
    const keys = REGIMENES_FISCALES.map((r) => r.clave);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([
      '601',
      '603',
      '605',
      '606',
      '607',
      '608',
      '610',
      '611',
      '612',
      '614',
      '615',
      '616',
      '620',
      '621',
      '622',
      '623',
      '624',
      '625',
      '626',
    ]);
  });

  it('name only régimenes of the catalogue in the usos’ lists', () => {
    const known = new Set<string>(REGIMENES_FISCALES.map((r) => r.clave));
    for (const uso of USOS_CFDI) for (const regimen of uso.regimenes) expect(known.has(regimen), `${uso.clave} ${regimen}`).toBe(true);
  });

  it('offer a régimen 616 receiver only G02, S01 and CP01', () => {
    expect(usosForRegimen('616').map((u) => u.clave)).toEqual(['G02', 'S01', 'CP01']);
    expect(usoAdmits('G03', '601', 'moral')).toBe(true);
    expect(usoAdmits('D01', '612', 'moral')).toBe(false);
  });

  it('give a persona moral only the régimenes it may declare', () => {
    expect(regimenesFor('moral').map((r) => r.clave)).toEqual(['601', '603', '610', '620', '622', '623', '624', '626']);
    expect(MESES).toHaveLength(18);
  });
});
