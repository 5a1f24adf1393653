import { describe, expect, it } from 'vitest';
import { whatsAppNumber } from './whatsapp-number';

describe('a WhatsApp number', () => {
  it('is one spelling for a Mexican mobile with or without the 1 after 52', () => {
    expect(whatsAppNumber('5218112345678')).toBe('528112345678');
    expect(whatsAppNumber('528112345678')).toBe('528112345678');
    expect(whatsAppNumber('+52 1 81 1234 5678')).toBe('528112345678');
    expect(whatsAppNumber('+52 (81) 1234-5678')).toBe('528112345678');
    expect(whatsAppNumber('0052 1 81 1234 5678')).toBe('528112345678');
  });

  it('takes a 10-digit number as Mexican', () => {
    expect(whatsAppNumber('81 1234 5678')).toBe('528112345678');
  });

  it("keeps another country's number as written, and refuses what cannot be a phone", () => {
    expect(whatsAppNumber('+1 (956) 555-0123')).toBe('19565550123');
    expect(whatsAppNumber('+34 612 345 678')).toBe('34612345678');
    expect(whatsAppNumber('123')).toBeNull();
    expect(whatsAppNumber('1234567890123456')).toBeNull();
  });
});
