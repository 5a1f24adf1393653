/**
 * The texts of balances. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
/** Overdue balances by customer (/balances), with the aging buckets of domain/aging.ts. */
export const balancesMessages = {
  title: 'Saldos Vencidos',
  loading: 'Cargando saldos vencidos…',
  empty: 'Ningún cliente tiene saldos vencidos.',
  filterTitle: 'Filtrar saldos vencidos',
  customer: 'Cliente',
  seller: 'Vendedor',
  columns: {
    company: 'Cliente',
    creditDays: 'Días de crédito',
    credit: 'Saldo a favor',
    count: 'Ventas vencidas',
    total: 'Total vencido',
    oldest: 'Vencimiento más antiguo',
  },
  grandTotals: 'Totales de todos los clientes',
  asOf: (date: string) => `Al ${date}`,
  customers: (n: number) => (n === 1 ? '1 cliente' : `${n} clientes`),
  sales: (n: number) => (n === 1 ? '1 venta vencida' : `${n} ventas vencidas`),
  collect: 'Cobrar',
  collectFrom: (name: string) => `Cobrar a ${name}`,
  openCustomer: (name: string) => `Ver cliente ${name}`,
  salesHeader: 'Ventas vencidas',
  showSales: (name: string) => `Ver ventas vencidas de ${name}`,
  hideSales: (name: string) => `Ocultar ventas vencidas de ${name}`,
  salesOf: (name: string) => `Ventas vencidas de ${name}`,
  loadingSales: 'Cargando ventas…',
  noOverdueSales: 'Sin ventas vencidas.',
  saleColumns: {
    folio: 'Folio',
    date: 'Fecha',
    dueDate: 'Vencimiento',
    total: 'Total',
    balance: 'Saldo',
    daysOverdue: 'Días vencida',
    bucket: 'Antigüedad',
    seller: 'Vendedor',
  },
  exportFile: 'Saldos Vencidos.xlsx',
  exportSheet: 'Saldos vencidos',
} as const;
