/** The texts of 'Configuración inicial' (first run) and of the operator's admin command. */
export const setupMessages = {
  title: 'Configuración inicial',
  intro:
    'Este sistema aún no tiene usuarios. Escribe los datos de tu negocio, que aparecerán en cotizaciones, recibos y órdenes de compra, y crea la cuenta del administrador.',
  code: 'Código de configuración',
  codeHint:
    'El servidor lo escribe en su registro al arrancar («Código de configuración inicial: …»). Vale 24 horas; si venció, al abrir esta página escribe uno nuevo.',
  business: 'Tu negocio',
  brand: 'Nombre comercial',
  legalName: 'Razón social',
  taxId: 'RFC',
  address: 'Domicilio fiscal',
  phone: 'Teléfono',
  whatsapp: 'WhatsApp',
  website: 'Sitio web',
  bank: 'Banco',
  bankAccount: 'Cuenta',
  clabe: 'CLABE',
  clabeHint: '18 dígitos.',
  logo: 'Logotipo',
  logoHint: 'PNG, JPEG o SVG de hasta 1 MB. Opcional.',
  themeColor: 'Color de la marca',
  admin: 'Administrador',
  name: 'Nombre',
  last: 'Apellidos',
  email: 'Correo electrónico',
  password: 'Contraseña',
  passwordHint: (minimum: number) => `Al menos ${minimum} caracteres.`,
  submit: 'Configurar y entrar',
  submitting: 'Configurando…',
  required: 'Requerido.',
  tooLong: (maximum: number) => `Máximo ${maximum} caracteres.`,
  invalidRfc: 'RFC inválido: 3 o 4 letras, la fecha en 6 dígitos (AAMMDD) y 3 caracteres de homoclave.',
  clabeLength: 'La CLABE tiene 18 dígitos.',
  clabeCheck: 'CLABE inválida: el dígito de control no corresponde. Revisa los 18 dígitos.',
  invalidColor: 'Color inválido: escríbelo como #RRGGBB.',
  passwordTooShort: (minimum: number) => `La contraseña debe tener al menos ${minimum} caracteres.`,
  logoKind: 'El logotipo debe ser una imagen PNG, JPEG o SVG.',
  logoTooLarge: 'El logotipo pesa más de 1 MB.',
  wrongCode: 'El código de configuración no es válido. Cópialo del registro del servidor.',
  expiredCode: 'Ese código de configuración venció (dura 24 horas). Copia el más reciente del registro del servidor.',
  tooManyWrongCodes:
    'Demasiados intentos con un código equivocado: los códigos anteriores ya no valen. Copia el nuevo del registro del servidor.',
  alreadyDone: 'Este sistema ya está configurado: inicia sesión.',
  fixErrors: 'Revisa los campos marcados.',
} as const;

/** 'Datos del negocio': the identity set up at first, changed later. */
export const businessMessages = {
  title: 'Datos del negocio',
  intro:
    'Aparecen en cotizaciones, recibos, órdenes de compra, correos y en la pantalla de inicio de sesión. Lo ya impreso conserva los datos con que se imprimió.',
  save: 'Guardar',
  saving: 'Guardando…',
  cancel: 'Descartar cambios',
  saved: 'Datos del negocio guardados.',
  removeLogo: 'Quitar logotipo',
  currentLogo: 'Logotipo actual',
  // The quotation's terms (spec §9), the business's own.
  quotationTerms: 'Condiciones de la cotización',
  freeDeliveryMinimum: 'Entrega sin costo en compras mayores a (más IVA)',
  freeDeliveryHint: 'En pesos. Déjalo vacío si no ofreces entrega sin costo.',
  freeDeliveryInvalid: 'Escribe un importe en pesos de 0 o más, con hasta 2 decimales.',
  conditions: 'Condiciones',
  conditionsHint: 'Una por renglón. Se imprimen en la cotización después de la entrega sin costo y antes de la vigencia.',
  // What user 1 is told when the account customers pay into changes (a note and a notice).
  clabeChangedTitle: 'Cambió la CLABE del negocio',
  clabeChanged: (who: string, before: string, after: string) =>
    `${who} cambió la CLABE donde pagan los clientes de ${before} a ${after}. Si no lo acordaron, revísalo en Datos del negocio y en Bitácora.`,
} as const;

/** The operator's command line (npm run admin). */
export const adminCommandMessages = {
  usage: [
    'Uso:',
    '  npm run admin -- create-admin --email <correo> --name <nombre> --last <apellidos> [--password <contraseña>]',
    '  npm run admin -- reset-password <correo>',
  ].join('\n'),
  created: (email: string) => `Administrador ${email} creado.`,
  exists: (email: string) => `Ya existe un usuario con el correo ${email}.`,
  notFound: (email: string) => `No existe un usuario con el correo ${email}.`,
  temporaryPassword: (email: string, password: string) => `Contraseña temporal de ${email}: ${password}`,
  setupCode: (code: string) => `Código de configuración inicial: ${code}`,
  setupCodeExpired: 'Los códigos de configuración anteriores vencieron (duran 24 horas).',
  setupCodeExhausted: 'Demasiados intentos con un código de configuración equivocado: los anteriores ya no valen.',
  setupCodeRenewed: (reason: string, code: string) => `${reason} Código de configuración inicial: ${code}`,
} as const;
