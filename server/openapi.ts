import { toJSONSchema } from 'zod/v4/core';
import type * as z from 'zod/mini';
import { loginPayloadSchema, loginResponseSchema, currentUserSchema, apiErrorSchema } from '../domain/schemas/auth';
import { deploymentSchema } from '../domain/deployment';
import { homeSchema } from '../domain/schemas/home';
import { noteListSchema, noteSeenPatchSchema, noteSeenResponseSchema } from '../domain/schemas/notes';
import { newSupportTicketSchema, supportTicketPageSchema, supportTicketSchema } from '../domain/schemas/support';
import {
  shippingCreateSchema,
  shippingDetailCreateSchema,
  shippingDetailPatchSchema,
  shippingDetailSchema,
  shippingDetailUpdateSchema,
  shippingPageSchema,
  shippingSchema,
  shippingUpdateSchema,
} from '../domain/schemas/shipping';
import { createdSaleSchema, newSaleSchema } from '../domain/schemas/new-sale';
import {
  emailMessageListSchema,
  emailMessageSchema,
  quotationCancelSchema,
  quotationEmailRequestSchema,
  quotationInputSchema,
  quotationToSaleSchema,
  quotationWriteAnswerSchema,
  saleDetailAnswerSchema,
} from '../domain/schemas/quotations';
import { adjustmentResultSchema, adjustmentSchema, itemStockListSchema } from '../domain/schemas/adjustment';
import {
  branchListSchema,
  inventoryCostPageSchema,
  inventoryReportCardPageSchema,
  itemCardSchema,
  manualAdjustmentInputSchema,
  mermaInputSchema,
  movementPageSchema,
  posStockPageSchema,
  recordedMovementSchema,
  transferInputSchema,
  transferPageSchema,
  transferRowSchema,
} from '../domain/schemas/inventory-moves';
import {
  companySearchSchema,
  dispatchedOrdersSchema,
  orderActionSchema,
  ordersToDispatchSchema,
  vehicleListSchema,
} from '../domain/schemas/orders';
import { itemListSchema, namedListSchema, stockListSchema, userListSchema } from '../domain/schemas/reference';
import { eventTicketSchema } from '../domain/schemas/events';
import { syncPullSchema, syncPushRequestSchema, syncPushResponseSchema } from '../domain/schemas/sync';
import {
  physicalApplyResultSchema,
  physicalApplySchema,
  physicalCountRemovalSchema,
  physicalCountResultSchema,
  physicalCountSchema,
  physicalDifferencesSchema,
  physicalInventoryOpenSchema,
  physicalInventoryPageSchema,
  physicalInventoryRowSchema,
  physicalInventorySchema,
} from '../domain/schemas/physical-inventory';
import {
  activityListSchema,
  callListSchema,
  collectionBySellerSchema,
  collectionDetailPageSchema,
  collectionListSchema,
  companyListSchema,
  contactListSchema,
  conversationListSchema,
  dueBalanceReportSchema,
  expenseListSchema,
  expenseSummarySchema,
  funnelListSchema,
  funnelPhaseListSchema,
  huecosSchema,
  indicatorsSchema,
  inventoryMovementPageSchema,
  leadPageSchema,
  logListSchema,
  messageListSchema,
  messageStatusListSchema,
  payrollListSchema,
  payrollTotalsSchema,
  posItemPageSchema,
  productionDetailListSchema,
  productionListSchema,
  productionPageSchema,
  providerListSchema,
  providerPaymentListSchema,
  rawMaterialListSchema,
  roleListSchema,
  saleItemListSchema,
  saleListSchema,
  salePageSchema,
  saleTotalsSchema,
  salemanReportResultSchema,
  shippingDetailRowListSchema,
  shippingRowListSchema,
  shoppingDetailListSchema,
  shoppingListSchema,
  supplyListSchema,
} from '../domain/schemas/reads';
import {
  deletedSchema as purchasingDeletedSchema,
  providerDetailSchema,
  providerInputSchema,
  providerPageSchema,
  providerPaymentInputSchema,
  providerPaymentPageSchema,
  providerPaymentRowSchema,
  providerRowSchema,
  receiveInputSchema,
  salemanReportSchema,
  shoppingDetailSchema,
  shoppingInputSchema,
  shoppingItemsSchema,
  shoppingPageSchema,
  shoppingReportSchema,
} from '../domain/schemas/purchasing';
import { APP_VERSION } from '../domain/version';
import { activityLogPageSchema } from '../domain/schemas/activity-log';
import {
  activityDoneSchema,
  activityInputSchema,
  activityPageSchema,
  activityRowSchema,
  callInputSchema,
  callPageSchema,
  callRowSchema,
  emailPageSchema,
  leadDetailSchema,
  leadInputSchema,
  leadMoveSchema,
  leadRowSchema,
} from '../domain/schemas/crm';
import {
  cajaDaySchema,
  cashCutInputSchema,
  cashCutRowSchema,
  cashMovementInputSchema,
  cashMovementRowSchema,
} from '../domain/schemas/caja';
import { invoicePageSchema } from '../domain/schemas/invoices';
import { payrollInputSchema, payrollPageSchema, payrollRowSchema } from '../domain/schemas/payroll';
import { expenseDeletedSchema, expenseInputSchema, expensePageSchema, expenseRowSchema } from '../domain/schemas/expenses';
import { itemsReportPageSchema, salesSeriesSchema, utilitiesSchema } from '../domain/schemas/reports';
import {
  companyDeliveryPageSchema,
  companyDetailAnswerSchema,
  companyInputSchema,
  companyPageSchema,
  companyVerifySchema,
} from '../domain/schemas/customers';
import {
  balancePageSchema,
  collectionAnswerSchema,
  collectionCancelSchema,
  collectionInputSchema,
  collectionListPageSchema,
  collectionListTotalsSchema,
  customerBalanceSchema,
} from '../domain/schemas/collections';
import {
  itemCounterSchema,
  itemCreateSchema,
  itemInputSchema,
  itemPageSchema,
  itemRowSchema,
  recipeInputSchema,
  recipePageSchema,
  recipeRowSchema,
} from '../domain/schemas/catalogue';
import {
  productionInputSchema,
  productionLogSchema,
  productionPageSchema as productionOrderPageSchema,
  productionSchema,
} from '../domain/schemas/production';
import { ROUTE_ACCESS, type RouteKey } from './route-access';

export interface RouteDoc {
  summary: string;
  body?: z.ZodMiniType;
  response?: z.ZodMiniType;
  query?: string[];
  /** The success status when it is not the usual one (201 for a POST that answers, else 200). */
  status?: number;
  /** A file answered instead of JSON: its media type (the body is binary). */
  file?: string;
}

const LIST_QUERY = ['page', 'itemsPerPage', 'sort'];
const SALE_LIST_FILTERS = [
  'filter[id]',
  'filter[company_id]',
  'filter[user_id]',
  'filter[date_between]',
  'filter[payment_status]',
  'filter[type]',
  'filter[company]',
  'filter[canceled]',
];
const COLLECTION_FILTERS = [
  'filter[date_between]',
  'filter[company_id]',
  'filter[user_id]',
  'filter[company]',
  'filter[payment_method_id]',
  'filter[canceled]',
];

/** What each route takes and answers, from the same domain schemas the server validates with. */
export const ROUTE_DOCS: Record<RouteKey, RouteDoc> = {
  'POST /api/v1/user/login': { summary: 'Iniciar sesión', body: loginPayloadSchema, response: loginResponseSchema },
  'GET /api/v1/user/current': { summary: 'Usuario actual', response: currentUserSchema },
  'POST /api/v1/user/logout': { summary: 'Cerrar sesión (revoca el token)' },
  'GET /api/v2/deployment': { summary: 'Perfil de la empresa', response: deploymentSchema },
  'GET /api/v1/note/all': { summary: 'Notas del usuario', response: noteListSchema },
  'GET /api/v2/home': { summary: 'Inicio de la oficina: ventas, pedidos, rutas y saldos del día', response: homeSchema },
  'PATCH /api/v2/notes/:id': { summary: 'Marcar nota como vista', body: noteSeenPatchSchema, response: noteSeenResponseSchema },
  'GET /api/support/support_tickets': {
    summary: 'Tickets de soporte',
    response: supportTicketPageSchema,
    query: [...LIST_QUERY, 'filter[description]'],
  },
  'POST /api/support/support_tickets': { summary: 'Nuevo ticket de soporte', body: newSupportTicketSchema, response: supportTicketSchema },
  'GET /api/v2/shippings': {
    summary: 'Envíos (cada entrega con el resumen de su venta; include=shipping_details.sale la envía completa)',
    response: shippingPageSchema,
    query: [
      ...LIST_QUERY,
      'include',
      'filter[id]',
      'filter[note]',
      'filter[shippingDetail.sale_id]',
      'filter[date_between]',
      'filter[driver_id]',
      'filter[vehicle_id]',
      'filter[shippingDetail.company_id]',
    ],
  },
  'POST /api/v1/shipping/create': { summary: 'Nuevo envío', body: shippingCreateSchema, response: shippingSchema },
  'PUT /api/v1/shipping/update': { summary: 'Editar, iniciar o terminar un envío', body: shippingUpdateSchema, response: shippingSchema },
  'DELETE /api/v2/shippings/:id': { summary: 'Eliminar envío' },
  'GET /api/v2/vehicles': { summary: 'Unidades', response: vehicleListSchema },
  'POST /api/v1/shipping_detail/create': {
    summary: 'Agregar orden de envío',
    body: shippingDetailCreateSchema,
    response: shippingDetailSchema,
  },
  'PUT /api/v1/shipping_detail/update': {
    summary: 'Editar orden de envío',
    body: shippingDetailUpdateSchema,
    response: shippingDetailSchema,
  },
  'PATCH /api/v2/shipping_details/:id': { summary: 'Entregar o rechazar', body: shippingDetailPatchSchema, response: shippingDetailSchema },
  'DELETE /api/v2/shipping_details/:id': { summary: 'Quitar venta del envío' },
  'POST /api/v1/shipping_detail/files/': { summary: 'Subir evidencia (multipart, un archivo, 100 MB)' },
  'GET /files/:name': { summary: 'Archivo de evidencia' },
  'POST /api/v2/uploads': { summary: 'Nueva carga reanudable de evidencia (tus 1.0.0: Upload-Length, Upload-Metadata; responde Location)' },
  'HEAD /api/v2/uploads/:id': { summary: 'Estado de la carga (Upload-Offset, Upload-Length; Upload-File-Name al terminar)' },
  'PATCH /api/v2/uploads/:id': {
    summary: 'Enviar una parte (application/offset+octet-stream desde Upload-Offset; Upload-File-Name al terminar)',
  },
  'DELETE /api/v2/uploads/:id': { summary: 'Cancelar la carga' },
  'GET /api/v2/sync/pull': { summary: 'Cambios para el dispositivo desde el cursor', response: syncPullSchema, query: ['cursor'] },
  'POST /api/v2/sync/push': {
    summary:
      'Varios comandos de la bandeja de salida en una petición (X-Device-Id): cada uno con su propia clave y número de secuencia, aplicado por su propia ruta en su propia transacción, en orden; un resultado por comando intentado. Se detiene en el primer resultado no definitivo (401, 408, 409, 425, 429, 5xx): los siguientes no se intentan',
    body: syncPushRequestSchema,
    response: syncPushResponseSchema,
    status: 200,
  },
  'GET /api/v2/company_p': { summary: 'Buscar empresas', response: companySearchSchema, query: [...LIST_QUERY, 'filter[name]'] },
  // Customers (issue 13).
  'GET /api/v2/companies': {
    summary: 'Clientes (paginado) con su saldo y saldo vencido; sort name|id|created_at|credit_days|due_balance',
    response: companyPageSchema,
    query: [...LIST_QUERY, 'filter[search]', 'filter[verified]'],
  },
  'GET /api/v2/companies/:id': {
    summary: 'Un cliente: datos, sucursales, contactos y saldo por antigüedad (con saldo a favor)',
    response: companyDetailAnswerSchema,
  },
  'GET /api/v2/companies/:id/deliveries': {
    summary: 'Entregas de las ventas del cliente, con su evidencia (paginado; sort shipping_date|id)',
    response: companyDeliveryPageSchema,
    query: LIST_QUERY,
  },
  'POST /api/v2/companies': {
    summary: 'Nuevo cliente con sucursales y contactos (sin permiso companies: queda sin verificar)',
    body: companyInputSchema,
    response: companyDetailAnswerSchema,
  },
  'PUT /api/v2/companies/:id': {
    summary: 'Editar cliente; sus sucursales y contactos quedan como la lista enviada (409 si se quita uno usado en ventas)',
    body: companyInputSchema,
    response: companyDetailAnswerSchema,
  },
  'POST /api/v2/companies/:id/verify': {
    summary: 'Verificar un cliente dado de alta en mostrador (repetirlo no cambia nada)',
    body: companyVerifySchema,
    response: companyDetailAnswerSchema,
    status: 200,
  },
  'GET /api/v2/orders/orders_to_dispatch': {
    summary: 'Pedidos por surtir',
    response: ordersToDispatchSchema,
    query: [...LIST_QUERY, 'filter[date_between]'],
  },
  'GET /api/v2/orders/dispatched_orders': {
    summary: 'Pedidos surtidos',
    response: dispatchedOrdersSchema,
    query: [...LIST_QUERY, 'filter[id]', 'filter[razon_social]', 'filter[search]'],
  },
  'POST /api/v2/orders/start_order_production': { summary: 'Comenzar producción', body: orderActionSchema },
  'POST /api/v2/orders/dispatch_sale_order': { summary: 'Marcar surtido', body: orderActionSchema },
  'GET /api/v2/inventory/stock': { summary: 'Existencia por producto (suma con signo de sus movimientos)', response: itemStockListSchema },
  'POST /api/v2/inventories': { summary: 'Ajuste Manual de existencia', body: adjustmentSchema, response: adjustmentResultSchema },
  'POST /api/v2/sales': {
    summary: 'Nueva venta (pedido por surtir; avisa order.created)',
    body: newSaleSchema,
    response: createdSaleSchema,
  },
  'POST /api/v2/quotations': {
    summary: 'Nueva cotización (precios del servidor)',
    body: quotationInputSchema,
    response: quotationWriteAnswerSchema,
  },
  'PUT /api/v2/quotations/:id': {
    summary: 'Editar cotización (ni cancelada ni vendida)',
    body: quotationInputSchema,
    response: quotationWriteAnswerSchema,
  },
  'POST /api/v2/quotations/:id/cancel': {
    summary: 'Cancelar cotización',
    body: quotationCancelSchema,
    response: quotationWriteAnswerSchema,
    status: 200,
  },
  'POST /api/v2/quotations/:id/sale': {
    summary: 'Convertir en venta (pedido por surtir; avisa order.created; repetir devuelve la misma venta)',
    body: quotationToSaleSchema,
    response: quotationWriteAnswerSchema,
  },
  'POST /api/v2/quotations/:id/email': {
    summary: 'Enviar cotización por correo (se encola un mensaje por Idempotency-Key, con el PDF adjunto; sin SMTP_URL: 409)',
    body: quotationEmailRequestSchema,
    response: emailMessageSchema,
    status: 202,
  },
  'GET /api/v2/quotations/:id/emails': {
    summary: 'Correos de la cotización y su estado (pendiente, enviado, fallido)',
    response: emailMessageListSchema,
  },
  'GET /api/v2/quotations/:id/pdf': {
    summary: "PDF de la cotización (o de la venta como su cotización), adjunto como 'Cotización {folio}.pdf'",
    file: 'application/pdf',
  },
  'GET /api/docs': { summary: 'Este documento (OpenAPI 3.1)' },
  'POST /api/v2/events/ticket': { summary: 'Permiso de un solo uso para abrir los avisos en vivo', response: eventTicketSchema },
  'GET /api/v2/events': { summary: 'Avisos en vivo (Server-Sent Events): order.created', query: ['ticket'] },
  'GET /api/v1/rejection/all': { summary: 'Motivos de rechazo', response: namedListSchema },
  'GET /api/v1/phase/all': { summary: 'Fases', response: namedListSchema },
  'GET /api/v1/origin/all': { summary: 'Orígenes', response: namedListSchema },
  'GET /api/v1/status/all': { summary: 'Estatus', response: namedListSchema },
  'GET /api/v1/category/all': { summary: 'Categorías', response: namedListSchema },
  'GET /api/v1/type/all': { summary: 'Tipos', response: namedListSchema },
  'GET /api/v1/price_list/all': { summary: 'Listas de precios', response: namedListSchema },
  'GET /api/v1/zone/all': { summary: 'Zonas', response: namedListSchema },
  'GET /api/v1/contact_mode/all': { summary: 'Medios de contacto', response: namedListSchema },
  'GET /api/v1/special_condition/all': { summary: 'Condiciones especiales', response: namedListSchema },
  'GET /api/v1/payment_method/all': { summary: 'Formas de pago', response: namedListSchema },
  'GET /api/v1/frequency/all': { summary: 'Frecuencias', response: namedListSchema },
  'GET /api/v1/adjustment/all': { summary: 'Tipos de ajuste', response: namedListSchema },
  'GET /api/v1/unit/all': { summary: 'Unidades de medida', response: namedListSchema },
  'GET /api/v1/expense_type/all': { summary: 'Tipos de gasto', response: namedListSchema },
  'GET /api/v2/activity_types': { summary: 'Tipos de actividad', response: namedListSchema },
  'GET /api/v1/cfdi/all': { summary: 'Usos de CFDI (solo id > 100)', response: namedListSchema },
  'GET /api/v1/item/all': { summary: 'Productos', response: itemListSchema },
  'GET /api/v1/user/all': { summary: 'Usuarios (nombre y puesto)', response: userListSchema },
  'GET /api/v1/provider/all': { summary: 'Proveedores', response: providerListSchema },
  'GET /api/v1/inventory/all': { summary: 'Existencias por producto', response: stockListSchema },
  'GET /api/v1/company/all': { summary: 'Empresas', response: companyListSchema },
  'GET /api/v1/contact/all': { summary: 'Contactos', response: contactListSchema },
  'GET /api/v1/payroll/all': { summary: 'Nómina', response: payrollListSchema },
  'GET /api/v1/quotation/all': { summary: 'Cotizaciones y ventas', response: saleListSchema },
  'GET /api/v1/quotation/quotations': { summary: 'Cotizaciones', response: saleListSchema },
  'GET /api/v1/quotation/cancellations': { summary: 'Cancelaciones', response: saleListSchema },
  'GET /api/v1/qi': { summary: 'Partidas de cotizaciones y ventas', response: saleItemListSchema },
  'GET /api/v1/log/all': { summary: 'Bitácora', response: logListSchema },
  'GET /api/v1/calendar/all': { summary: 'Calendario de actividades', response: activityListSchema },
  'GET /api/v1/activity/all': { summary: 'Actividades', response: activityListSchema },
  'GET /api/v1/call/all': { summary: 'Llamadas', response: callListSchema },
  'GET /api/v1/conversation/all': { summary: 'Conversaciones', response: conversationListSchema },
  'GET /api/v1/message/all/:id': { summary: 'Mensajes de una conversación', response: messageListSchema },
  'GET /api/v1/message_status/all/:id': { summary: 'Estados de los mensajes de una conversación', response: messageStatusListSchema },
  'GET /api/v1/collection/all': { summary: 'Cobranza', response: collectionListSchema },
  'GET /api/v1/shipping/all': { summary: 'Envíos (todos)', response: shippingRowListSchema },
  'GET /api/v1/shipping_detail/all': { summary: 'Órdenes de envío (todas)', response: shippingDetailRowListSchema },
  'GET /api/v1/expense/all': { summary: 'Gastos', response: expenseListSchema },
  'GET /api/v1/result/all': { summary: 'Resultados', response: namedListSchema },
  'GET /api/v1/production/all': { summary: 'Producciones', response: productionListSchema },
  'GET /api/v1/production_detail/all': { summary: 'Detalle de producciones', response: productionDetailListSchema },
  'GET /api/v1/supply/all': { summary: 'Entradas de materia prima', response: supplyListSchema },
  'GET /api/v1/shopping/all': { summary: 'Órdenes de compra', response: shoppingListSchema },
  'GET /api/v1/shopping_detail/all': { summary: 'Partidas de órdenes de compra', response: shoppingDetailListSchema },
  'GET /api/v1/provider_payment/all': { summary: 'Pagos a proveedores', response: providerPaymentListSchema },
  'GET /api/v2/shoppings': {
    summary: 'Órdenes de compra (paginado) con su estado y lo pagado; sort id|created_at|total|due_date',
    response: shoppingPageSchema,
    query: [...LIST_QUERY, 'filter[provider_id]', 'filter[date_between]', 'filter[status]'],
  },
  'POST /api/v2/shoppings': {
    summary: 'Nueva orden de compra (el total lo calcula el servidor)',
    body: shoppingInputSchema,
    response: shoppingDetailSchema,
  },
  'PUT /api/v2/shoppings/:id': {
    summary: 'Editar orden de compra (solo si nada se ha recibido)',
    body: shoppingInputSchema,
    response: shoppingDetailSchema,
  },
  'DELETE /api/v2/shoppings/:id': { summary: 'Eliminar orden de compra (solo si nada se ha recibido)', response: purchasingDeletedSchema },
  'GET /api/v2/shoppings/:id': {
    summary: 'Una orden de compra con sus renglones, lo recibido y su proveedor',
    response: shoppingDetailSchema,
  },
  'POST /api/v2/shoppings/:id/receive': {
    summary: "Recibir mercancía: 'Entrada Compra' por lo que llegó, costo del producto y estado (Idempotency-Key requerida)",
    body: receiveInputSchema,
    response: shoppingDetailSchema,
    status: 200,
  },
  'GET /api/v2/shopping_items': { summary: 'Productos con su costo, para la orden de compra', response: shoppingItemsSchema },
  'GET /api/v2/shopping_report': {
    summary: 'Compras del periodo por proveedor y por producto',
    response: shoppingReportSchema,
    query: ['filter[date_between]'],
  },
  'GET /api/v2/providers': {
    summary: 'Proveedores (paginado) con su saldo por pagar; sort name|credit_days|balance',
    response: providerPageSchema,
    query: [...LIST_QUERY, 'filter[name]', 'filter[id]'],
  },
  'GET /api/v2/providers/:id': { summary: 'Un proveedor: saldo, órdenes de compra y pagos', response: providerDetailSchema },
  'POST /api/v2/providers': { summary: 'Nuevo proveedor', body: providerInputSchema, response: providerRowSchema },
  'PUT /api/v2/providers/:id': { summary: 'Editar proveedor', body: providerInputSchema, response: providerRowSchema },
  'GET /api/v2/provider_payments': {
    summary: 'Pagos a proveedores (paginado)',
    response: providerPaymentPageSchema,
    query: [...LIST_QUERY, 'filter[provider_id]', 'filter[date_between]', 'filter[purchase_order_id]'],
  },
  'POST /api/v2/provider_payments': {
    summary: 'Nuevo pago a proveedor (nunca más de lo que se debe; Idempotency-Key requerida)',
    body: providerPaymentInputSchema,
    response: providerPaymentRowSchema,
  },
  'PUT /api/v2/provider_payments/:id': {
    summary: 'Editar pago a proveedor',
    body: providerPaymentInputSchema,
    response: providerPaymentRowSchema,
  },
  'DELETE /api/v2/provider_payments/:id': { summary: 'Eliminar pago a proveedor', response: purchasingDeletedSchema },
  'POST /api/v2/saleman_report': { summary: 'Reporte por vendedor', body: salemanReportSchema, response: salemanReportResultSchema },
  // Expenses, utilities and costs, reports (issue 13).
  'GET /api/v2/expenses': {
    summary: 'Gastos (paginado, sin los eliminados); sort date|amount|id',
    response: expensePageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[expense_type_id]', 'filter[payment_method_id]'],
  },
  'POST /api/v2/expenses': { summary: 'Registrar gasto', body: expenseInputSchema, response: expenseRowSchema },
  'DELETE /api/v2/expenses/:id': { summary: 'Eliminar gasto (deja de contar en listas y reportes)', response: expenseDeletedSchema },
  // The activity log (issue 15).
  'GET /api/v2/logs': {
    summary: 'Bitácora: cada cambio hecho por la API (quién, cuándo, qué, antes y después, desde qué dispositivo); sort created_at',
    response: activityLogPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[user_id]', 'filter[entity]', 'filter[entity_id]', 'filter[action]'],
  },
  'GET /api/v2/payrolls': {
    summary: 'Recibos de nómina (paginado); sort date|employee|total',
    response: payrollPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[user_id]'],
  },
  'POST /api/v2/payrolls': {
    summary: 'Registrar recibo de nómina (el servidor calcula percepciones, deducciones y total)',
    body: payrollInputSchema,
    response: payrollRowSchema,
  },
  'PUT /api/v2/payrolls/:id': { summary: 'Editar recibo de nómina', body: payrollInputSchema, response: payrollRowSchema },
  'GET /api/v2/invoices': {
    summary: 'Ventas facturadas: número de factura de la entrega, uso CFDI vigente (id > 100), pago y entrega; sort invoice|date|total',
    response: invoicePageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[invoice]', 'filter[company]', 'filter[cfdi_id]', 'filter[payment_status]'],
  },
  'GET /api/v2/caja': {
    summary: 'Caja del día de quien consulta: ventas de mostrador, cobros, entradas y salidas, efectivo esperado y corte',
    response: cajaDaySchema,
  },
  'POST /api/v2/cash_movements': {
    summary: 'Registrar entrada o salida de efectivo de hoy',
    body: cashMovementInputSchema,
    response: cashMovementRowSchema,
  },
  'POST /api/v2/cash_cuts': {
    summary: 'Corte de caja de hoy: efectivo contado contra el esperado',
    body: cashCutInputSchema,
    response: cashCutRowSchema,
  },
  'GET /api/v2/report/utilities': {
    summary:
      'Utilidades por mes: ventas (subtotal), costo de lo vendido (costo actual de cada producto), gastos; y totales del periodo (mes actual si no se indica)',
    response: utilitiesSchema,
    query: ['filter[date_between]'],
  },
  'GET /api/v2/report/sales_by_day': {
    summary: 'Ventas y cobranza por día o por mes (group=day|month; por día hasta 62 días si no se indica), con ceros',
    response: salesSeriesSchema,
    query: ['filter[date_between]', 'group'],
  },
  // Collections and overdue balances (issue 13).
  'POST /api/v2/collections': {
    summary:
      "Registrar un cobro y aplicarlo: a las ventas más antiguas (apply 'oldest', por omisión) o por venta (lines); lo que sobra queda como saldo a favor",
    body: collectionInputSchema,
    response: collectionAnswerSchema,
  },
  'GET /api/v2/collections/:id': { summary: 'Un cobro con las ventas que pagó (su recibo)', response: collectionAnswerSchema },
  'POST /api/v2/collections/:id/cancel': {
    summary: 'Cancelar un cobro: los saldos de sus ventas se restauran',
    body: collectionCancelSchema,
    response: collectionAnswerSchema,
    status: 200,
  },
  'GET /api/v2/balances': {
    summary: 'Saldos vencidos por cliente con su antigüedad (paginado; meta.totals de todos los clientes)',
    response: balancePageSchema,
    query: [...LIST_QUERY, 'filter[company]', 'filter[company_id]', 'filter[user_id]'],
  },
  'GET /api/v2/balances/:id': {
    summary: 'Ventas con saldo de un cliente, la de vencimiento más antiguo primero, con días vencidos y antigüedad',
    response: customerBalanceSchema,
    query: ['filter[user_id]'],
  },
  'GET /api/v2/report/items': {
    summary: 'Productos vendidos en el periodo (paginado; sort amount|quantity|sales_count|cost|name; meta con los totales)',
    response: itemsReportPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]'],
  },
  'GET /api/v2/q': {
    summary: 'Cotizaciones (paginado; sin las canceladas salvo filter[canceled]=1)',
    response: salePageSchema,
    query: [...LIST_QUERY, ...SALE_LIST_FILTERS],
  },
  'GET /api/v2/sales': {
    summary: 'Ventas (paginado; sin las canceladas salvo filter[canceled]=1)',
    response: salePageSchema,
    query: [...LIST_QUERY, ...SALE_LIST_FILTERS, 'filter[order_status]'],
  },
  'GET /api/v2/sales/:id': {
    summary: 'Una cotización o venta completa: partidas, pedido, entregas y cobros',
    response: saleDetailAnswerSchema,
  },
  'GET /api/v2/company/sales': { summary: 'Ventas de una empresa (?id=)', response: salePageSchema },
  'GET /api/v2/sale/totals': { summary: 'Totales de ventas', response: saleTotalsSchema },
  'GET /api/v2/collections': {
    summary: 'Cobranza (paginado; sin los cancelados salvo filter[canceled]=1; sort id|date|amount|company_name)',
    response: collectionListPageSchema,
    query: [...LIST_QUERY, ...COLLECTION_FILTERS],
  },
  'GET /api/v2/collection_details': { summary: 'Detalle de cobranza', response: collectionDetailPageSchema },
  'GET /api/v2/collection/totals': {
    summary: 'Totales de cobranza con los filtros de la lista, y por forma de pago',
    response: collectionListTotalsSchema,
    query: COLLECTION_FILTERS,
  },
  'GET /api/v2/expenses-summary': { summary: 'Gastos por tipo', response: expenseSummarySchema },
  'GET /api/v2/payroll/totals': { summary: 'Totales de nómina', response: payrollTotalsSchema },
  'GET /api/v2/inventory_report': {
    summary:
      'Reporte de inventario: type=card (por producto: inicial, entradas, salidas y final del periodo; todos salvo que se pida página; sort name|opening|entries|exits|closing|value) o type=detail (cada movimiento, paginado; sort created_at|item_name|quantity). La respuesta de detail sigue movementPageSchema',
    response: inventoryReportCardPageSchema,
    query: [
      'type',
      ...LIST_QUERY,
      'filter[date_between]',
      'filter[branch_id]',
      'filter[item_id]',
      'filter[name]',
      'filter[type]',
      'filter[source]',
    ],
  },
  'GET /api/v2/inventory_report/:id': {
    summary:
      'Tarjeta de un producto: sus movimientos del periodo (el mes en curso si no se indica) con el saldo tras cada uno y los totales por tipo',
    response: itemCardSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]'],
  },
  'GET /api/v2/branches': { summary: 'Sucursales', response: branchListSchema },
  'GET /api/v2/adjustments': {
    summary: 'Ajustes manuales (origen ajuste); sort created_at|item_name|quantity',
    response: movementPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]', 'filter[item_id]'],
  },
  'POST /api/v2/adjustments': {
    summary: 'Registrar un ajuste manual con su motivo',
    body: manualAdjustmentInputSchema,
    response: recordedMovementSchema,
  },
  'GET /api/v2/mermas': {
    summary: 'Mermas (origen merma); sort created_at|item_name|quantity',
    response: movementPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]', 'filter[item_id]'],
  },
  'POST /api/v2/mermas': {
    summary: 'Registrar una merma (nunca más de la existencia de la sucursal)',
    body: mermaInputSchema,
    response: recordedMovementSchema,
  },
  'GET /api/v2/inventory_transfers': {
    summary: 'Traspasos entre sucursales con sus productos; sort id|created_at',
    response: transferPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[branch_id]', 'filter[item_id]'],
  },
  'POST /api/v2/inventory_transfers': {
    summary: 'Registrar un traspaso: todo o nada',
    body: transferInputSchema,
    response: transferRowSchema,
  },
  'GET /api/v2/inventory/cost': {
    summary: 'Existencia valuada a costo; meta.value es el total; sort name|stock|cost|value',
    response: inventoryCostPageSchema,
    query: [...LIST_QUERY, 'filter[branch_id]', 'filter[name]'],
  },
  'GET /api/v2/inventory/pos': {
    summary: 'Existencia de los productos de mostrador; meta.low cuenta los de existencia baja; sort name|stock',
    response: posStockPageSchema,
    query: [...LIST_QUERY, 'filter[branch_id]', 'filter[name]', 'filter[low]'],
  },
  'GET /api/v2/inventories': { summary: 'Movimientos de inventario', response: inventoryMovementPageSchema },
  'GET /api/v2/productioms': { summary: 'Producciones (ruta tal cual la usa el producto)', response: productionPageSchema },
  // The catalogue and production (issue 14).
  'GET /api/v2/items': {
    summary: 'Productos con su existencia (suma con signo de sus movimientos); filter[is_published|pos|is_raw_material]=1|0; sort name|id|price|cost|stock',
    response: itemPageSchema,
    query: [...LIST_QUERY, 'filter[name]', 'filter[category_id]', 'filter[is_published]', 'filter[pos]', 'filter[is_raw_material]', 'filter[ean13]'],
  },
  'GET /api/v2/items/:id': { summary: 'Un producto', response: itemRowSchema },
  'POST /api/v2/items': { summary: "Crear producto; opening_stock se registra como 'Creación de Producto'", body: itemCreateSchema, response: itemRowSchema },
  'PUT /api/v2/items/:id': { summary: 'Editar producto', body: itemInputSchema, response: itemRowSchema },
  'PATCH /api/v2/items/:id': { summary: 'Publicar un producto o ponerlo en mostrador', body: itemCounterSchema, response: itemRowSchema },
  'GET /api/v2/recipes': {
    summary: 'Productos con receta y su materia prima por unidad; sort name|id',
    response: recipePageSchema,
    query: [...LIST_QUERY, 'filter[name]', 'filter[item_id]'],
  },
  'PUT /api/v2/recipes/:id': { summary: 'Reemplazar la receta de un producto (lista vacía: sin receta)', body: recipeInputSchema, response: recipeRowSchema, status: 200 },
  'GET /api/v2/productions': {
    summary: 'Órdenes de producción; filter[status]=Planeada|En proceso|Terminada; sort id|planned_date|created_at',
    response: productionOrderPageSchema,
    query: [...LIST_QUERY, 'filter[status]', 'filter[sale_id]', 'filter[date_between]'],
  },
  'GET /api/v2/productions/:id': { summary: 'Una producción: productos, materia prima por receta contra existencia, movimientos', response: productionSchema },
  'POST /api/v2/productions': { summary: 'Planear producción (Planeada)', body: productionInputSchema, response: productionSchema },
  'POST /api/v2/productions/:id/start': { summary: "Iniciar: 'Salida Producción' de la materia prima por receta (una vez)", response: productionSchema, status: 200 },
  'POST /api/v2/productions/:id/finish': { summary: "Terminar: 'Entrada Producción' de lo que aún no entra (una vez)", response: productionSchema, status: 200 },
  'GET /api/v2/mfproductions': { summary: 'Producciones MF: lo consumido y producido en un periodo', response: productionLogSchema, query: ['filter[date_between]'] },
  // Physical inventory (issue 14).
  'GET /api/v2/physical_inventories': {
    summary: 'Conteos de inventario físico (paginado); filter[status]=Abierto,Cerrado,Aplicado; sort id|created_at',
    response: physicalInventoryPageSchema,
    query: [...LIST_QUERY, 'filter[status]', 'filter[branch_id]'],
  },
  'GET /api/v2/physical_inventories/:id': { summary: 'Un conteo con sus líneas (anaquel, producto, cantidad)', response: physicalInventorySchema },
  'POST /api/v2/physical_inventories': {
    summary: 'Abrir un conteo de la sucursal (la de la persona si no se indica); uno abierto por sucursal',
    body: physicalInventoryOpenSchema,
    response: physicalInventorySchema,
  },
  'PUT /api/v2/physical_inventories/:id/counts': {
    summary: 'Fijar la cantidad contada de un producto en un anaquel (reemplaza la anterior; idempotente)',
    body: physicalCountSchema,
    response: physicalCountResultSchema,
  },
  'POST /api/v2/physical_inventories/:id/remove_count': {
    summary: 'Quitar un producto del conteo de un anaquel',
    body: physicalCountRemovalSchema,
    response: physicalCountResultSchema,
  },
  'POST /api/v2/physical_inventories/:id/close': { summary: 'Cerrar el conteo (ya no admite conteos)', response: physicalInventoryRowSchema },
  'GET /api/v2/physical_inventories/:id/differences': {
    summary: 'Diferencias: existencia en sistema de la sucursal contra lo contado, valuadas al costo; los no contados aparte',
    response: physicalDifferencesSchema,
  },
  'POST /api/v2/physical_inventories/:id/apply': {
    summary: 'Aplicar diferencias (Ajuste Inventario Físico; Corte Ceros de los no contados si se pide); una sola vez',
    body: physicalApplySchema,
    response: physicalApplyResultSchema,
  },
  'GET /api/v2/huecos': { summary: 'Huecos por cliente y mes (?year=)', response: huecosSchema },
  'GET /api/v2/item/pos': { summary: 'Productos del punto de venta', response: posItemPageSchema },
  'GET /api/v2/funnels': { summary: 'Embudos', response: funnelListSchema },
  'GET /api/v2/funnel_phases': { summary: 'Fases de embudo', response: funnelPhaseListSchema },
  'GET /api/v2/leads': { summary: 'Prospectos', response: leadPageSchema },
  'GET /api/v2/leads/:id': { summary: 'Prospecto con sus cambios de fase, actividades y llamadas', response: leadDetailSchema },
  'POST /api/v2/leads': { summary: 'Registrar prospecto', body: leadInputSchema, response: leadRowSchema },
  'POST /api/v2/leads/:id/move': { summary: 'Mover prospecto a otra fase de su embudo', body: leadMoveSchema, response: leadRowSchema },
  'GET /api/v2/calls': {
    summary: 'Llamadas (paginado); sort date',
    response: callPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[company_id]', 'filter[lead_id]', 'filter[user_id]'],
  },
  'POST /api/v2/calls': {
    summary: 'Registrar llamada a un cliente o prospecto, con resultado y siguiente paso',
    body: callInputSchema,
    response: callRowSchema,
  },
  'GET /api/v2/activities': {
    summary: 'Actividades (paginado); sort date',
    response: activityPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[company_id]', 'filter[lead_id]', 'filter[user_id]', 'filter[done]'],
  },
  'POST /api/v2/activities': {
    summary: 'Registrar actividad con un cliente o prospecto',
    body: activityInputSchema,
    response: activityRowSchema,
  },
  'PATCH /api/v2/activities/:id': {
    summary: 'Marcar actividad hecha (con su resultado) o pendiente',
    body: activityDoneSchema,
    response: activityRowSchema,
  },
  'GET /api/v2/emails': {
    summary: 'Correos enviados desde la aplicación y su estado; sort created_at',
    response: emailPageSchema,
    query: [...LIST_QUERY, 'filter[date_between]', 'filter[status]', 'filter[sale_id]'],
  },
  'GET /api/v2/raw_materials': { summary: 'Materias primas', response: rawMaterialListSchema },
  'GET /api/v2/roles': { summary: 'Roles y sus permisos', response: roleListSchema },
  'GET /api/v2/permissions': { summary: 'Permisos', response: namedListSchema },
  'GET /api/v2/report/sum_total_indicators': { summary: 'Indicadores del periodo', response: indicatorsSchema },
  'GET /api/v2/report/due_balance_report': { summary: 'Saldos por cliente', response: dueBalanceReportSchema },
  'GET /api/v2/report/collection_total': { summary: 'Cobranza por vendedor', response: collectionBySellerSchema },
};

const jsonSchema = (schema: z.ZodMiniType) => toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, doc] of Object.entries(ROUTE_DOCS) as [RouteKey, RouteDoc][]) {
    const [method, path] = key.split(' ') as [string, string];
    const openApiPath = path.replace(/:(\w+)/g, '{$1}');
    const access = ROUTE_ACCESS[key];
    paths[openApiPath] ??= {};
    paths[openApiPath][method.toLowerCase()] = {
      summary: doc.summary,
      security: access.kind === 'public' ? [] : [{ bearer: [] }],
      ...(access.kind === 'permission' && { 'x-permissions': access.anyOf }),
      parameters: [
        ...[...path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
        ...(doc.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
        ...(method === 'GET'
          ? []
          : [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' } }]),
      ],
      ...(doc.body && { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } } }),
      responses: {
        [doc.status ?? (method === 'POST' && doc.response ? '201' : '200')]: {
          description: 'OK',
          ...(doc.response && { content: { 'application/json': { schema: jsonSchema(doc.response) } } }),
          ...(doc.file && { content: { [doc.file]: { schema: { type: 'string', format: 'binary' } } } }),
        },
        default: { description: 'Error', content: { 'application/json': { schema: jsonSchema(apiErrorSchema) } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API de Frutas',
      version: APP_VERSION,
      description: 'Llamadas de la especificación §7. Errores: { message } en español.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
