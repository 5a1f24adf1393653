import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAgainstSat } from './sat-schemas';

const samples = path.join(import.meta.dirname, '..', 'fixtures', 'sat', 'samples');
const ingreso = readFileSync(path.join(samples, 'ingreso-acentos.xml'), 'utf8');
const pago = readFileSync(path.join(samples, 'pago-timbrado.xml'), 'utf8');

describe('validateAgainstSat', () => {
  it('finds nothing wrong in a valid invoice', async () => {
    expect(await validateAgainstSat(ingreso)).toEqual([]);
  });

  it('validates the Pagos 2.0 complement and the TFD 1.1 of a stamped payment receipt', async () => {
    expect(await validateAgainstSat(pago)).toEqual([]);
  });

  it('reports each error of an invalid invoice: a missing required attribute and a malformed amount', async () => {
    const errors = await validateAgainstSat(ingreso.replace(' Exportacion="01"', '').replace('SubTotal="150.00"', 'SubTotal="150,00"'));
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toMatch(/'Exportacion' is required but missing/);
    expect(errors.join('\n')).toMatch(/'SubTotal'/);
  });

  it('looks into the complements: a Pagos 2.0 payment without its Monto is refused', async () => {
    const errors = await validateAgainstSat(pago.replace(' Monto="116.00"', ''));
    expect(errors.join('\n')).toMatch(/Pago.*'Monto' is required but missing/);
  });

  it('refuses an unknown element in the Complemento (validated strictly, as the SAT does)', async () => {
    const errors = await validateAgainstSat(pago.replace('</cfdi:Complemento>', '<x:Otro xmlns:x="urn:otro"/></cfdi:Complemento>'));
    expect(errors.length).toBeGreaterThan(0);
  });
});
