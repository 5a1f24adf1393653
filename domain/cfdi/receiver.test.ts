import { describe, expect, it } from 'vitest';
import { fiscalMessages } from '../messages/fiscal';
import { receiverHints, receiverProblems, withoutLegalForm } from './receiver';

const moral = { rfc: 'EKU9003173C9', razon_social: 'ESCUELA KEMPER URGATE', regimen_fiscal: '601', cp_fiscal: '42501', uso_cfdi: 'G03' };
const fisica = { rfc: 'GODE561231GR8', razon_social: 'DANIEL GÓMEZ ELIZONDO', regimen_fiscal: '612', cp_fiscal: '64000', uso_cfdi: 'G01' };

describe('receiverProblems', () => {
  it('finds nothing wrong in a coherent persona moral and persona física', () => {
    expect(receiverProblems(moral)).toEqual({});
    expect(receiverProblems(fisica)).toEqual({});
    expect(receiverProblems({ ...fisica, uso_cfdi: 'D01' })).toEqual({});
    expect(receiverProblems({ ...fisica, regimen_fiscal: '626', uso_cfdi: 'G03' })).toEqual({});
  });

  it('names the RFC when its check digit is wrong', () => {
    expect(receiverProblems({ ...moral, rfc: 'EKU9003173C8' })).toEqual({ rfc: fiscalMessages.rfcCheckDigit });
  });

  it('refuses a régimen the RFC’s kind cannot declare', () => {
    expect(receiverProblems({ ...moral, regimen_fiscal: '612' })).toEqual({
      regimen_fiscal: fiscalMessages.regimenNotForKind('612', 'moral'),
    });
    expect(receiverProblems({ ...fisica, regimen_fiscal: '601' })).toEqual({
      regimen_fiscal: fiscalMessages.regimenNotForKind('601', 'fisica'),
    });
  });

  it('refuses a uso the régimen does not admit (c_UsoCFDI)', () => {
    // 616 admits only G02, S01 and CP01; 605 (salaries) does not admit G03.
    expect(receiverProblems({ ...fisica, regimen_fiscal: '616', uso_cfdi: 'G03' })).toEqual({
      uso_cfdi: fiscalMessages.usoNotForRegimen('G03', '616'),
    });
    expect(receiverProblems({ ...fisica, regimen_fiscal: '605', uso_cfdi: 'G03' })).toEqual({
      uso_cfdi: fiscalMessages.usoNotForRegimen('G03', '605'),
    });
  });

  it('refuses a personal deduction (D01) to a persona moral', () => {
    expect(receiverProblems({ ...moral, uso_cfdi: 'D01' })).toEqual({ uso_cfdi: fiscalMessages.usoNotForKind('D01', 'moral') });
  });

  it('asks Público en general for régimen 616 and uso S01', () => {
    const publico = { rfc: 'XAXX010101000', razon_social: 'PUBLICO EN GENERAL', cp_fiscal: '64000' };
    expect(receiverProblems({ ...publico, regimen_fiscal: '616', uso_cfdi: 'S01' })).toEqual({});
    expect(receiverProblems({ ...publico, regimen_fiscal: '612', uso_cfdi: 'G03' })).toEqual({
      regimen_fiscal: fiscalMessages.publicoEnGeneralRegimen,
      uso_cfdi: fiscalMessages.publicoEnGeneralUso,
    });
    expect(receiverProblems({ ...publico, regimen_fiscal: '616', uso_cfdi: 'CP01' })).toEqual({
      uso_cfdi: fiscalMessages.publicoEnGeneralUso,
    });
  });

  it('refuses unknown keys and a CP that is not 5 digits', () => {
    expect(receiverProblems({ ...moral, regimen_fiscal: '699', uso_cfdi: 'P01', cp_fiscal: '6400' })).toEqual({
      regimen_fiscal: fiscalMessages.regimenUnknown,
      uso_cfdi: fiscalMessages.usoUnknown,
      cp_fiscal: fiscalMessages.cpFiscal,
    });
  });

  it('checks only the fields given: a customer without fiscal data has no problem', () => {
    expect(
      receiverProblems({ rfc: null, razon_social: 'Abarrotes Lupita', regimen_fiscal: null, cp_fiscal: null, uso_cfdi: null }),
    ).toEqual({});
    // A uso and a régimen without an RFC are still checked against each other.
    expect(receiverProblems({ regimen_fiscal: '616', uso_cfdi: 'G01' })).toEqual({
      uso_cfdi: fiscalMessages.usoNotForRegimen('G01', '616'),
    });
  });
});

describe('receiverHints', () => {
  it('hints that the SAT registers the razón social without its legal form', () => {
    expect(receiverHints({ razon_social: 'Frutas del Norte S.A. de C.V.' }).razon_social).toBe(
      fiscalMessages.razonSocialLegalForm('S.A. de C.V.'),
    );
    expect(receiverHints({ razon_social: 'Comercializadora Garza, S. de R.L. de C.V.' }).razon_social).toContain('S. de R.L. de C.V.');
    expect(receiverHints({ razon_social: 'ESCUELA KEMPER URGATE' })).toEqual({});
    // 'SAS' inside a word is no legal form.
    expect(receiverHints({ razon_social: 'Frutas Casas' })).toEqual({});
  });

  it('takes the legal form off', () => {
    expect(withoutLegalForm('Frutas del Norte S.A. de C.V.')).toBe('Frutas del Norte');
    expect(withoutLegalForm('Grupo Cantú SAPI de CV')).toBe('Grupo Cantú');
  });
});
