import { describe, expect, it } from 'vitest';
import { fiscalMessages } from '../messages/fiscal';
import { EXTRANJERO, PUBLICO_EN_GENERAL, rfcKind, rfcProblem } from './rfc';

describe('rfcProblem', () => {
  it('takes a persona moral and a persona física whose check digit matches', () => {
    expect(rfcProblem('EKU9003173C9')).toBeNull(); // the SAT's test CSD
    expect(rfcProblem('COSC8001137NA')).toBeNull(); // check digit A (10)
    expect(rfcProblem('GODE561231GR8')).toBeNull();
  });

  it('refuses a well-formed RFC whose check digit does not match', () => {
    expect(rfcProblem('EKU9003173C8')).toBe(fiscalMessages.rfcCheckDigit);
    expect(rfcProblem('GODE561231GR7')).toBe(fiscalMessages.rfcCheckDigit);
  });

  it('takes the generic RFCs, whose check digit does not match by design', () => {
    expect(rfcProblem(PUBLICO_EN_GENERAL)).toBeNull();
    expect(rfcProblem(EXTRANJERO)).toBeNull();
  });

  it('refuses a bad form, an impossible date and lower case', () => {
    expect(rfcProblem('EKU900317')).toBe(fiscalMessages.rfcFormat);
    expect(rfcProblem('EKU9013173C9')).toBe(fiscalMessages.rfcFormat); // month 13
    expect(rfcProblem('EKU9002303C9')).toBe(fiscalMessages.rfcFormat); // 30 February
    expect(rfcProblem('eku9003173c9')).toBe(fiscalMessages.rfcFormat);
    expect(rfcProblem('')).toBe(fiscalMessages.rfcFormat);
  });
});

describe('rfcKind', () => {
  it('names 12 characters a persona moral and 13 a física, the generic ones física', () => {
    expect(rfcKind('EKU9003173C9')).toBe('moral');
    expect(rfcKind('GODE561231GR8')).toBe('fisica');
    expect(rfcKind(PUBLICO_EN_GENERAL)).toBe('fisica');
  });
});
