import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  applyOldestFirst,
  centsToDecimal,
  chosenLinesProblem,
  decimalToCents,
  isWholeCents,
  lineProblemMessage,
  oldestFirst,
  paidCentsOf,
  paymentStatusFor,
  previewPayment,
  type OpenSaleBalance,
} from './collections';

const sales: OpenSaleBalance[] = [
  { id: 12, due_date: '2026-03-10', balanceCents: 25_050 },
  { id: 7, due_date: '2026-02-01', balanceCents: 10_000 },
  { id: 9, due_date: '2026-03-10', balanceCents: 6_000 },
  { id: 3, due_date: null, balanceCents: 1_000 },
];

describe('applying a payment oldest first', () => {
  it('orders by due date, then by sale, with sales without a due date last', () => {
    expect(oldestFirst(sales).map((s) => s.id)).toEqual([7, 9, 12, 3]);
  });

  it('pays each sale up to its balance until the money runs out', () => {
    expect(applyOldestFirst(20_000, sales)).toEqual({
      lines: [
        { sale_id: 7, cents: 10_000 },
        { sale_id: 9, cents: 6_000 },
        { sale_id: 12, cents: 4_000 },
      ],
      unappliedCents: 0,
    });
  });

  it('leaves what is over every balance as credit', () => {
    const all = applyOldestFirst(50_000, sales);
    expect(all.lines.map((l) => l.cents)).toEqual([10_000, 6_000, 25_050, 1_000]);
    expect(all.unappliedCents).toBe(50_000 - 42_050);
    expect(applyOldestFirst(500, [])).toEqual({ lines: [], unappliedCents: 500 });
  });
});

describe('chosen lines', () => {
  const balances = new Map(sales.map((s) => [s.id, s.balanceCents]));

  it('accept amounts up to each balance whose sum stays within the payment', () => {
    expect(
      chosenLinesProblem(
        30_000,
        [
          { sale_id: 12, cents: 25_050 },
          { sale_id: 3, cents: 500 },
        ],
        balances,
      ),
    ).toBeNull();
  });

  it('name the sale whose line is above its balance, with what it owes', () => {
    const problem = chosenLinesProblem(30_000, [{ sale_id: 7, cents: 10_001 }], balances);
    expect(problem).toEqual({ kind: 'overBalance', saleId: 7, balanceCents: 10_000 });
    expect(lineProblemMessage(problem!)).toBe('La venta 7 solo debe $100.00.');
  });

  it('refuse a sale that is not open, a repeated one, a line of zero and lines above the payment', () => {
    expect(lineProblemMessage(chosenLinesProblem(100, [{ sale_id: 99, cents: 1 }], balances)!)).toBe(
      'La venta 99 no tiene saldo pendiente.',
    );
    expect(
      chosenLinesProblem(
        100,
        [
          { sale_id: 7, cents: 1 },
          { sale_id: 7, cents: 1 },
        ],
        balances,
      ),
    ).toEqual({ kind: 'repeated', saleId: 7 });
    expect(chosenLinesProblem(100, [{ sale_id: 7, cents: 0 }], balances)).toEqual({ kind: 'notPositive', saleId: 7 });
    expect(lineProblemMessage(chosenLinesProblem(5_000, [{ sale_id: 7, cents: 6_000 }], balances)!)).toBe(
      'Lo aplicado a las ventas ($60.00) pasa del monto del cobro ($50.00).',
    );
  });
});

describe('the form’s preview', () => {
  it('shows the oldest-first application of the amount typed', () => {
    const preview = previewPayment('1,200.50', sales, 'oldest', new Map());
    expect(preview.amountCents).toBe(120_050);
    expect(preview.application.unappliedCents).toBe(120_050 - 42_050);
    expect(preview.problem).toBeNull();
  });

  it('applies only the lines typed and says which line is wrong', () => {
    const chosen = new Map([
      [12, '100'],
      [9, ''],
    ]);
    expect(previewPayment('150', sales, 'lines', chosen)).toEqual({
      amountCents: 15_000,
      application: { lines: [{ sale_id: 12, cents: 10_000 }], unappliedCents: 5_000 },
      problem: null,
    });
    expect(previewPayment('150', sales, 'lines', new Map([[9, '60.01']])).problem).toBe('La venta 9 solo debe $60.00.');
    expect(previewPayment('150', sales, 'lines', new Map([[9, 'diez']])).problem).toBe(
      'El monto aplicado a la venta 9 no es un número válido (hasta dos decimales).',
    );
    expect(previewPayment('', sales, 'lines', new Map([[9, '60']])).problem).toBeNull();
  });
});

describe('amounts', () => {
  it('says what is wrong with a typed amount', () => {
    expect(amountProblem('')).toBe('Escribe el monto del cobro.');
    expect(amountProblem('0')).toBe('El monto debe ser mayor que cero.');
    expect(amountProblem('10.001')).toBe('El monto admite hasta dos decimales.');
    expect(amountProblem('diez')).toBe('Escribe el monto con números, por ejemplo 1,250.50.');
    expect(amountProblem('100000000')).toBe('El monto no puede pasar de $99,999,999.99.');
    expect(amountProblem('99,999,999.99')).toBeNull();
  });

  it('moves between numeric text and cents without floating point', () => {
    expect(decimalToCents('1234.56')).toBe(123_456);
    expect(decimalToCents('0.5')).toBe(50);
    expect(decimalToCents('7')).toBe(700);
    expect(centsToDecimal(123_456)).toBe('1234.56');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(decimalToCents(centsToDecimal(9_999_999_999))).toBe(9_999_999_999);
    expect(isWholeCents(10.25)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(false);
  });

  it('follows what payments cover with the payment status', () => {
    expect(paymentStatusFor({ paidCents: 10_000, balanceCents: 0 })).toBe('Pagada');
    expect(paymentStatusFor({ paidCents: 9_999, balanceCents: 1 })).toBe('Parcial');
    expect(paymentStatusFor({ paidCents: 0, balanceCents: 10_000 })).toBe('Pendiente');
  });

  it('reads a return or a cancellation as nothing paid, not as paid', () => {
    // 100.00 sold, 30.00 returned, nothing paid: it owes 70.00 and is still 'Pendiente'.
    const partlyReturned = { totalCents: 10_000, returnedCents: 3_000, balanceCents: 7_000 };
    expect(paidCentsOf(partlyReturned)).toBe(0);
    expect(paymentStatusFor({ paidCents: paidCentsOf(partlyReturned), balanceCents: 7_000 })).toBe('Pendiente');
    // Returned whole and nothing paid: it owes nothing, and nothing was paid.
    const allReturned = { totalCents: 10_000, returnedCents: 10_000, balanceCents: 0 };
    expect(paymentStatusFor({ paidCents: paidCentsOf(allReturned), balanceCents: 0 })).toBe('Pendiente');
    // 50.00 paid, then 30.00 returned (which the balance absorbs): still partly paid.
    const paidThenReturned = { totalCents: 10_000, returnedCents: 3_000, balanceCents: 2_000 };
    expect(paymentStatusFor({ paidCents: paidCentsOf(paidThenReturned), balanceCents: 2_000 })).toBe('Parcial');
  });
});
