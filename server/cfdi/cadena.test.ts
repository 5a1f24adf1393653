import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cadenaOriginal, tfdCadenaOriginal } from './cadena';

const samples = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'sat', 'samples');
const ingreso = readFileSync(path.join(samples, 'ingreso-acentos.xml'), 'utf8');
const pago = readFileSync(path.join(samples, 'pago-timbrado.xml'), 'utf8');

describe('cadenaOriginal', () => {
  it("follows Anexo 20's order and keeps ñ, accents and & as text, collapsing runs of spaces", async () => {
    expect(await cadenaOriginal(ingreso)).toBe(
      '||4.0|F|101|2026-11-20T10:15:00|03|30001000000500003416|150.00|MXN|150.00|I|01|PUE|64000' +
        '|EKU9003173C9|ESCUELA KEMPER URGATE|601' +
        '|XAXX010101000|Piña & Limón del Norte|64000|616|S01' +
        '|50301500|PIN-01|10.500|KGM|Kilogramo|Piña miel & limón persa, café|14.285714|150.00|02' +
        '|150.00|002|Tasa|0.000000|0.00' +
        '|150.00|002|Tasa|0.000000|0.00|0.00||',
    );
  });

  it("includes the Pagos 2.0 complement's part and leaves the TFD out", async () => {
    expect(await cadenaOriginal(pago)).toBe(
      '||4.0|P|7|2026-11-25T12:00:00|30001000000500003416|0|XXX|0|P|01|64000' +
        '|EKU9003173C9|ESCUELA KEMPER URGATE|601' +
        '|URE180429TM6|UNIVERSIDAD ROBOTICA ESPAÑOLA|86991|601|CP01' +
        '|84111506|1|ACT|Pago|0|0|01' +
        '|2.0|100.00|16.00|116.00' +
        '|2026-11-25T12:00:00|03|MXN|1|116.00' +
        '|6F2B0C3E-1A2B-4C5D-8E9F-0A1B2C3D4E5F|F|101|MXN|1|1|116.00|116.00|0.00|02' +
        '|100.000000|002|Tasa|0.160000|16.000000' +
        '|100.000000|002|Tasa|0.160000|16.000000||',
    );
  });

  it('does not depend on the Sello attribute, so a sealed document gives the cadena that was signed', async () => {
    expect(await cadenaOriginal(ingreso.replace('Sello=""', 'Sello="QUJD"'))).toBe(await cadenaOriginal(ingreso));
  });

  it('refuses a document that is not a CFDI 4.0', async () => {
    await expect(cadenaOriginal(ingreso.replaceAll('http://www.sat.gob.mx/cfd/4', 'http://www.sat.gob.mx/cfd/3'))).rejects.toThrow(
      /not a CFDI 4.0/,
    );
  });
});

describe('tfdCadenaOriginal', () => {
  const expected =
    '||1.1|9A8B7C6D-5E4F-4A3B-9C2D-1E0F9A8B7C6D|2026-11-25T12:00:05|SPR190613I52|Comprobante de prueba & fábrica|U2VsbG9DRkQ=|30001000000500003456||';

  it('builds the TFD 1.1 cadena from the stamped CFDI that carries it', async () => {
    expect(await tfdCadenaOriginal(pago)).toBe(expected);
  });

  it('builds the same cadena from the TFD element alone', async () => {
    const element = /<tfd:TimbreFiscalDigital [^>]*\/>/.exec(pago)?.[0] ?? '';
    const alone = element.replace(
      '<tfd:TimbreFiscalDigital ',
      '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
    );
    expect(await tfdCadenaOriginal(alone)).toBe(expected);
  });

  it('refuses a CFDI that was not stamped', async () => {
    await expect(tfdCadenaOriginal(ingreso)).rejects.toThrow(/no tfd:TimbreFiscalDigital/);
  });
});
