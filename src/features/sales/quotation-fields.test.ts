import { describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages';
import { quotationFieldOf } from './quotation-fields';

describe('the field a failed quotation save is about', () => {
  it('follows the key a client-side check names', () => {
    expect(quotationFieldOf('Campo requerido', 'due_date')).toBe('validity');
    expect(quotationFieldOf(messages.newSale.emptyCart, 'items')).toBe('items');
    expect(quotationFieldOf('x', 'purchase_order')).toBe('po');
  });

  it("follows the server's message when it names one field", () => {
    expect(quotationFieldOf(messages.quotations.contactNotFound)).toBe('contact');
    expect(quotationFieldOf(messages.quotations.validityBeforeToday)).toBe('validity');
    expect(quotationFieldOf(messages.newSale.branchNotFound)).toBe('branch');
    expect(quotationFieldOf(messages.newSale.itemNotFound)).toBe('items');
  });

  it('points at no field when the message is about the whole quotation', () => {
    expect(quotationFieldOf(messages.quotations.isCanceled)).toBeNull();
    expect(quotationFieldOf(messages.common.networkError)).toBeNull();
  });
});
