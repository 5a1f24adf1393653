import { formatCalendarDate } from '../../../domain/format';
import { describe, expect, it } from 'vitest';
import { filesMessages } from '../../../domain/messages/files';
import { shippingMessages } from '../../../domain/messages/shipping';
import { parseKm } from '../../ui/route/route-form';
import { MAX_EVIDENCE_BYTES, prepareEvidence, refuseEvidenceFile } from './driver-input';

describe('the driver’s inputs', () => {
  it('takes kilometres as whole numbers', () => {
    expect(parseKm(' 51234 ')).toEqual({ km: 51_234 });
    expect(parseKm('')).toEqual({ error: shippingMessages.required });
    expect(parseKm('12.5')).toEqual({ error: shippingMessages.invalidKm });
    expect(parseKm('-3')).toEqual({ error: shippingMessages.invalidKm });
    expect(parseKm('12345678')).toEqual({ error: shippingMessages.invalidKm });
  });

  it('refuses evidence over 100 MB, empty, or neither a photo nor a PDF', () => {
    expect(refuseEvidenceFile({ size: 2_000, type: 'image/jpeg' })).toBeNull();
    expect(refuseEvidenceFile({ size: MAX_EVIDENCE_BYTES, type: 'application/pdf' })).toBeNull();
    expect(refuseEvidenceFile({ size: MAX_EVIDENCE_BYTES + 1, type: 'application/pdf' })).toBe(filesMessages.tooLarge);
    expect(refuseEvidenceFile({ size: 0, type: 'image/png' })).toBe(filesMessages.required);
    expect(refuseEvidenceFile({ size: 10, type: 'text/plain' })).toBe(filesMessages.unsupportedType);
  });

  it('stores a PDF byte for byte, with its hash', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 factura');
    const evidence = await prepareEvidence(new File([bytes], 'factura.pdf', { type: 'application/pdf' }));
    expect(new Uint8Array(evidence.data)).toEqual(bytes);
    expect(evidence).toMatchObject({ type: 'application/pdf', name: 'factura.pdf', size: bytes.length, storedName: null });
    expect(evidence.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows dates as dd/MM/yyyy', () => {
    expect(formatCalendarDate('2025-03-09')).toBe('09/03/2025');
  });
});
