import { describe, expect, it } from 'vitest';
import { balanceOwed, defaultDueDate, lineTotal, pendingQuantity, purchaseOrderFolio, purchaseOrderStatus } from './purchasing';

describe('a purchase order’s status', () => {
  it('is Pendiente until something arrives, Parcial while a line waits, Recibida when all is in', () => {
    const lines = (received: [number, number]) => [
      { quantity: 10, received_quantity: received[0] },
      { quantity: 2.5, received_quantity: received[1] },
    ];
    expect(purchaseOrderStatus(lines([0, 0]))).toBe('Pendiente');
    expect(purchaseOrderStatus(lines([0.01, 0]))).toBe('Parcial');
    expect(purchaseOrderStatus(lines([10, 2.49]))).toBe('Parcial');
    expect(purchaseOrderStatus(lines([10, 2.5]))).toBe('Recibida');
  });

  it('counts what is pending in hundredths, never below zero', () => {
    expect(pendingQuantity({ quantity: 0.3, received_quantity: 0.1 })).toBe(0.2);
    expect(pendingQuantity({ quantity: 5, received_quantity: 5 })).toBe(0);
    expect(pendingQuantity({ quantity: 5, received_quantity: 6 })).toBe(0);
  });
});

describe('purchase order figures', () => {
  it('proposes today plus the provider’s credit days as the due date', () => {
    expect(defaultDueDate('2026-11-25', 15)).toBe('2026-12-10');
    expect(defaultDueDate('2026-12-30', 7)).toBe('2027-01-06');
    expect(defaultDueDate('2026-11-25', 0)).toBe('2026-11-25');
  });

  it('computes line amounts and balances in centavos', () => {
    expect(lineTotal(12.5, 40)).toBe(500);
    expect(lineTotal(10.5, 82.38)).toBe(864.99);
    expect(lineTotal(0.1, 0.2)).toBe(0.02);
    expect(balanceOwed(475, 160.25)).toBe(314.75);
    expect(balanceOwed(0.3, 0.1)).toBe(0.2);
  });

  it('names an order by its folio', () => {
    expect(purchaseOrderFolio(57)).toBe('OC-57');
  });
});
