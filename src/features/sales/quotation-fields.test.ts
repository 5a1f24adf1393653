import { describe, expect, it } from 'vitest';
import { newSaleMessages } from '../../../domain/messages/new-sale';
import { quotationsMessages } from '../../../domain/messages/quotations';
import { commonMessages } from '../../../domain/messages/shell';
import { quotationFieldOf } from './quotation-fields';

describe('the field a failed quotation save is about', () => {
  it('follows the key a client-side check names', () => {
    expect(quotationFieldOf('Campo requerido', 'due_date')).toBe('validity');
    expect(quotationFieldOf(newSaleMessages.emptyCart, 'items')).toBe('items');
    expect(quotationFieldOf('x', 'purchase_order')).toBe('po');
  });

  it("follows the server's message when it names one field", () => {
    expect(quotationFieldOf(quotationsMessages.contactNotFound)).toBe('contact');
    expect(quotationFieldOf(quotationsMessages.validityBeforeToday)).toBe('validity');
    expect(quotationFieldOf(newSaleMessages.branchNotFound)).toBe('branch');
    expect(quotationFieldOf(newSaleMessages.itemNotFound)).toBe('items');
  });

  it('points at no field when the message is about the whole quotation', () => {
    expect(quotationFieldOf(quotationsMessages.isCanceled)).toBeNull();
    expect(quotationFieldOf(commonMessages.networkError)).toBeNull();
  });
});
