import { describe, expect, it } from 'vitest';
import { senderAddress, websiteDomain } from './sender-address';

describe("the business's sender address", () => {
  it("is cotizaciones@ the domain of the business's website, however it was written", () => {
    expect(senderAddress(undefined, 'www.verdurasgarza.mx')).toBe('cotizaciones@verdurasgarza.mx');
    expect(senderAddress(undefined, 'https://www.Verduras-Garza.com.mx/tienda?x=1')).toBe('cotizaciones@verduras-garza.com.mx');
    expect(websiteDomain('http://negocio.mx:8080/')).toBe('negocio.mx');
  });

  it('is the configured address when the installation names one', () => {
    expect(senderAddress('ventas@otro.mx', 'www.verdurasgarza.mx')).toBe('ventas@otro.mx');
    expect(senderAddress('ventas@otro.mx', '')).toBe('ventas@otro.mx');
  });

  it('is none while the business has no website that names a domain', () => {
    expect(senderAddress(undefined, '')).toBeNull();
    expect(senderAddress(undefined, 'facebook')).toBeNull();
    expect(senderAddress(undefined, 'localhost')).toBeNull();
    expect(senderAddress(undefined, 'negocio .mx')).toBeNull();
  });
});
