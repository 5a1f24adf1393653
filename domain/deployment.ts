import * as z from 'zod/mini';

/**
 * The two deployments the product ships with (spec §1, §2, §6, §9). A profile is the
 * business identity shown on prints and the login panel, plus typed behaviour flags;
 * no screen branches on a host name.
 */
export const DEPLOYMENT_IDS = ['frutas', 'eventos'] as const;
export type DeploymentId = (typeof DEPLOYMENT_IDS)[number];

/** Spec §9: free delivery in the metropolitan area above this amount plus tax, until the business sets its own. */
export const DEFAULT_FREE_DELIVERY_MINIMUM = 2_000;

export const businessIdentitySchema = z.object({
  brand: z.string(),
  tagline: z.string(),
  legalName: z.string(),
  taxId: z.string(),
  bankAccount: z.string(),
  clabe: z.string(),
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  website: z.string(),
  logo: z.string(),
  /** The browser's bar, the install splash and the login panel. */
  themeColor: z.string(),
  /** Buttons, links, chips and focus rings: dark enough for 7:1 on white, read in sunlight. */
  primaryColor: z.string(),
  /**
   * The quotation's terms, the business's own ('Datos del negocio'): free delivery above this
   * amount plus tax (null: none offered), and its conditions, one sentence each. Absent, the
   * product's (DEFAULT_FREE_DELIVERY_MINIMUM, DEFAULT_QUOTATION_TERMS): the demo's, and a business's
   * until it writes its own. Their wording stays out of the profile, which the login loads.
   */
  freeDeliveryMinimum: z.optional(z.nullable(z.number())),
  quotationTerms: z.optional(z.array(z.string())),
});
export type BusinessIdentity = z.infer<typeof businessIdentitySchema>;

export const deploymentFlagsSchema = z.object({
  /** App paths left out of the menu in this deployment. */
  hiddenPaths: z.array(z.string()),
  /** The '/' route is titled point of sale. */
  homeIsPointOfSale: z.boolean(),
  /** With no saved filters the shippings list shows today's routes. */
  shippingsDefaultToToday: z.boolean(),
  /** 'comenzar producción' is hidden once a production_id exists, not only while in production. */
  hideStartProductionWhenProductionExists: z.boolean(),
  /** The main host shows IVA as 0 and skips the Serie B uplift. */
  ivaShownAsZero: z.boolean(),
  serieBUplift: z.boolean(),
  /**
   * The business rents its goods out for an event and brings them back (event rental): a sale
   * goes onto a delivery route without a fill step, and a 'Recolección' route picks it up.
   */
  rentsGoods: z.boolean(),
});
export type DeploymentFlags = z.infer<typeof deploymentFlagsSchema>;

export const deploymentSchema = z.object({
  id: z.enum(DEPLOYMENT_IDS),
  identity: businessIdentitySchema,
  flags: deploymentFlagsSchema,
});
export type Deployment = z.infer<typeof deploymentSchema>;

export const DEPLOYMENTS: Record<DeploymentId, Deployment> = {
  frutas: {
    id: 'frutas',
    identity: {
      brand: 'Frutas del Norte',
      tagline: 'Frutas y verduras frescas para tu negocio, entregadas a tiempo en todo Monterrey.',
      legalName: 'Frutas del Norte Distribuidora, S.A. de C.V.',
      taxId: 'FND180312AB4',
      bankAccount: 'BBVA 0123456789',
      clabe: '012580001234567891',
      address: 'Av. Central de Abastos 123, Bodega 45, Guadalupe, N.L., C.P. 67110',
      phone: '81 8123 4567',
      whatsapp: '81 1234 5678',
      website: 'www.frutasdelnorte.mx',
      logo: '/brand/frutas.svg',
      themeColor: '#2e7d32',
      primaryColor: '#1b5e20',
    },
    flags: {
      hiddenPaths: ['/rentals/calendar'],
      homeIsPointOfSale: false,
      shippingsDefaultToToday: true,
      hideStartProductionWhenProductionExists: true,
      ivaShownAsZero: false,
      serieBUplift: true,
      rentsGoods: false,
    },
  },
  eventos: {
    id: 'eventos',
    identity: {
      brand: 'Eventos del Norte',
      tagline: 'Renta de mobiliario y equipo para tus eventos en Monterrey y su área metropolitana.',
      legalName: 'Eventos del Norte Renta de Mobiliario, S.A. de C.V.',
      taxId: 'END190508CD7',
      bankAccount: 'Banorte 0987654321',
      clabe: '072580009876543210',
      address: 'Av. Constitución 890, Centro, Monterrey, N.L., C.P. 64000',
      phone: '81 8765 4321',
      whatsapp: '81 8765 0000',
      website: 'www.eventosdelnorte.mx',
      logo: '/brand/eventos.svg',
      themeColor: '#6a1b9a',
      primaryColor: '#4a148c',
    },
    flags: {
      hiddenPaths: [
        '/orders',
        '/orders-ready',
        '/calls',
        '/messages',
        '/leads',
        '/leads/:lead_id',
        '/balances',
        '/production',
        '/mfproductions',
        '/productions/:id',
      ],
      homeIsPointOfSale: true,
      shippingsDefaultToToday: false,
      hideStartProductionWhenProductionExists: false,
      ivaShownAsZero: false,
      serieBUplift: false,
      rentsGoods: true,
    },
  },
};

/**
 * Whether the business fills orders in a warehouse (its order screens are shown): where it does
 * not (event rental), a sale's order state ('Nuevo', 'En Producción', 'Surtido') means nothing
 * to its people and is not shown.
 */
export function fillsOrders(deployment: Pick<Deployment, 'flags'>): boolean {
  return !deployment.flags.hiddenPaths.includes('/orders');
}
