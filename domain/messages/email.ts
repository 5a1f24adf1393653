/**
 * The texts of email. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
/** The e-mail queue (spec §7 E-mail service). */
export const emailMessages = {
  /** A message's state (GET /api/v2/quotations/{id}/emails status), as people read it. */
  status: { pendiente: 'Pendiente', enviado: 'Enviado', fallido: 'Fallido' },
  // Refusals of POST /api/v2/quotations/{id}/email.
  notConfigured: 'El envío de correos no está configurado en este servidor (falta SMTP_URL): no se envió nada. Avisa al administrador.',
  noSender:
    'El negocio no tiene un sitio web del que tomar el remitente de sus correos: escríbelo en Datos del negocio (o define EMAIL_FROM en el servidor). No se envió nada.',
  noRecipient: 'La cotización no tiene un correo de contacto: escribe al menos un destinatario.',
  quotationCanceled: 'La cotización está cancelada: ya no se puede enviar por correo.',
  // The message itself (spec §7 E-mail service template).
  subject: (folio: string, brand: string) => `Cotización ${folio} — ${brand}`,
  title: (folio: string) => `Cotización ${folio}`,
  greeting: 'Estimado cliente:',
  intro: 'Le compartimos la cotización solicitada. La encontrará adjunta en PDF.',
  folio: 'Folio',
  date: 'Fecha',
  company: 'Empresa',
  seller: 'Vendedor',
  validity: 'Vigencia',
  credit: (days: number) => `Crédito: ${days} ${days === 1 ? 'día' : 'días'}`,
  quantity: 'Cantidad',
  unit: 'Unidad',
  product: 'Producto',
  price: 'Precio',
  amount: 'Importe',
  subtotal: 'Subtotal',
  iva: 'IVA',
  total: 'Total',
  replyTo: (email: string) => `Para cualquier duda responda a este correo o escriba a ${email}.`,
  whatsapp: (phone: string) => `WhatsApp ${phone}`,
  // Reasons a message is waiting or failed (last_error), when the mail server gave no reply of its own.
  unreachable: (detail: string) => `No se pudo conectar con el servidor de correo (${detail}).`,
  failed: (detail: string) => `No se pudo enviar el correo (${detail}).`,
  interrupted: 'El envío se interrumpió al detenerse el servidor; se reintentará.',
  quotationGone: 'La cotización ya no existe: no hay nada que enviar.',
  cfdiGone: 'El comprobante no está timbrado: no hay nada que enviar.',
  attachmentFailed: 'No se pudo generar el PDF de la cotización.',
  abandoned: 'El envío no terminó dentro del plazo de reintentos.',
  someRejected: (addresses: string) => `El servidor de correo rechazó a: ${addresses}.`,
} as const;
