/** WhatsApp's error codes a seller meets, in words (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
const WHATSAPP_ERRORS: Record<number, string> = {
  131047:
    'Pasaron más de 24 horas desde el último mensaje del cliente: WhatsApp solo entrega una plantilla aprobada hasta que vuelva a escribir.',
  131026: 'WhatsApp no pudo entregarlo: el número no tiene WhatsApp o no acepta mensajes de este negocio.',
  131050: 'El cliente pidió no recibir mensajes de este negocio por WhatsApp.',
  131049: 'WhatsApp no lo entregó para no saturar al cliente con mensajes de negocios; inténtalo más tarde.',
};

/** Mensajes: conversations with customers on WhatsApp or by e-mail. */
export const conversationMessages = {
  channels: { whatsapp: 'WhatsApp', email: 'Correo' } as Record<string, string>,
  /** One subject per conversation, so each reads as its own thread in the customer's mail. */
  emailSubject: (brand: string, party: string, conversationId: number) =>
    `Mensaje de ${brand}${party ? ` para ${party}` : ''} · Conversación ${conversationId}`,
  /** What an e-mail answer carried besides its text. */
  attachments: (names: string) => `[Adjuntos: ${names}]`,
  emptyEmail: '[correo sin texto]',
  newConversation: 'Nueva conversación',
  customer: 'Cliente',
  channel: 'Canal',
  address: 'Número de WhatsApp o correo',
  addressHint: 'Si lo dejas vacío se usa el del contacto del cliente.',
  write: 'Escribe un mensaje',
  send: 'Enviar',
  sending: 'Enviando…',
  retry: 'Reintentar',
  retried: 'Se intentará enviar de nuevo.',
  lastError: (reason: string) => `No salió: ${reason}`,
  statuses: {
    pendiente: 'pendiente',
    enviado: 'enviado',
    entregado: 'entregado',
    leído: 'leído',
    fallido: 'fallido',
    recibido: 'recibido',
  } as Record<string, string>,
  // What the server refuses.
  bodyRequired: 'Escribe el mensaje.',
  bodyTooLong: 'El mensaje admite hasta 4096 caracteres.',
  whatsappOff: 'WhatsApp no está configurado en este servidor.',
  emailOff: 'El correo no está configurado en este servidor (SMTP_URL).',
  noAddress: 'El cliente no tiene a dónde escribirle por ese canal: escribe el número o el correo.',
  badPhone: 'Escribe el número de WhatsApp con lada: 10 dígitos, o con el código del país.',
  badEmail: 'E-mail inavlido.',
  conversationNotFound: 'La conversación no existe.',
  customerNotFound: 'El cliente o el prospecto no existe.',
  onlyFailed: 'Solo un mensaje que no salió se reintenta.',
  badSignature: 'La firma del aviso de WhatsApp no es válida.',
  outsideWindow:
    'WhatsApp solo deja escribir texto libre en las 24 horas siguientes al último mensaje del cliente, y este no ha escrito en ese plazo: fuera de él hace falta una plantilla aprobada. Pídele que te escriba o usa el correo.',
  badInboundSecret: 'El aviso de correo entrante no trae la clave de este servidor.',
  badInboundMessage: 'El aviso de correo entrante no trae un correo que se pueda leer.',
  /** Why WhatsApp did not deliver a message (its webhook's errors[]): the common cases in words, then its own code and title. */
  whatsappFailure: (code: number | undefined, title: string | undefined, detail: string | undefined) => {
    const words = (code !== undefined && WHATSAPP_ERRORS[code]) || detail || title || 'WhatsApp no lo entregó.';
    const own = [code, title !== words ? title : undefined].filter((part) => part !== undefined && part !== '').join(': ');
    return own ? `${words} (WhatsApp ${own})` : words;
  },
} as const;
