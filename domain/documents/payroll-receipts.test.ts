import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENTS } from '../deployment';
import type { PayrollRow } from '../schemas/payroll';
import { payrollReceiptsDocument, payrollSlip } from './payroll-receipts';
import { drawSlipsPdf } from './slips-pdf';

const identity = DEPLOYMENTS.frutas.identity;

const row = (changes: Partial<PayrollRow> = {}): PayrollRow => ({
  id: 1,
  user_id: 2,
  employee: 'Laura Villarreal',
  date: '2026-11-15',
  job_position: 'Ventas',
  sub_job_position: 'Mayoreo',
  daily_salary: 412.5,
  amount: 6187.5,
  extra_time: 240,
  punctuality_award: 250,
  performance_award: 0,
  production_award: 0,
  holidays: 0,
  prima_vacacional: 0,
  benefits: 0,
  imss: 185.63,
  infonavit: 0,
  absence: 412.5,
  loan: 0,
  sum: 6677.5,
  rest: 598.13,
  total: 6079.37,
  ...changes,
});

describe('payroll receipts as slips', () => {
  it('shows who is paid, the amounts that are not zero side by side, the total and a line to sign', () => {
    const slip = payrollSlip(row(), identity);
    expect(slip.title).toBe('Recibo');
    expect(slip.date).toEqual({ label: 'Fecha de pago', value: '15 de noviembre de 2026' });
    expect(slip.facts).toEqual([
      { label: 'Empleado', value: 'Laura Villarreal' },
      { label: 'Puesto', value: 'Ventas' },
      { label: 'Subpuesto', value: 'Mayoreo' },
      { label: 'Salario diario', value: '$412.50' },
    ]);
    expect(slip.columns).toEqual([
      {
        title: 'Percepciones',
        rows: [
          { label: 'Fijos', value: '$6,187.50' },
          { label: 'Tiempo extra', value: '$240.00' },
          { label: 'Premio de puntualidad', value: '$250.00' },
        ],
        subtotal: { label: 'Percepciones', value: '$6,677.50' },
      },
      {
        title: 'Deducciones',
        rows: [
          { label: 'IMSS', value: '$185.63' },
          { label: 'Faltas', value: '$412.50' },
        ],
        subtotal: { label: 'Deducciones', value: '$598.13' },
      },
    ]);
    expect(slip.total).toEqual({ label: 'Total a pagar', value: '$6,079.37' });
    expect(slip.signer).toBe('Laura Villarreal');
  });

  it('prints the sub-position only when there is one (spec §2)', () => {
    const facts = payrollSlip(row({ sub_job_position: null }), identity).facts.map((fact) => fact.label);
    expect(facts).toEqual(['Empleado', 'Puesto', 'Salario diario']);
  });

  it('draws four slips a page into a PDF whose text reads as the slips say', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => row({ id: i + 1, employee: `Empleado ${i + 1}` }));
    const model = payrollReceiptsDocument(rows, identity);
    expect(model.fileName).toBe('Recibos de nómina 2026-11-15.pdf');
    const { totalPages, text } = await extractText(await drawSlipsPdf(model), { mergePages: false });
    expect(totalPages).toBe(3);
    expect(text[0]).toContain('Empleado 1');
    expect(text[0]).toContain('Empleado 4');
    expect(text[0]).not.toContain('Empleado 5');
    expect(text[2]).toContain('Empleado 9');
    expect(text[0]).toContain('Total a pagar: $6,079.37');
    expect(text[0]).toContain('Subpuesto');
    expect(text[0]).toContain('Firma de conformidad');
    expect(text[0]).toContain('Página 1 de 3');
  });
});
