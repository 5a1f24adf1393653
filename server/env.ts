import { isIP } from 'node:net';
import { z } from 'zod';
import { es } from 'zod/locales';
import { DEPLOYMENT_IDS } from '../domain/deployment';

const booleanFlag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a range (address/prefix) or a keyword, as proxy-addr (Fastify's trustProxy) reads them. */
function isProxyAddress(part: string): boolean {
  if (PROXY_KEYWORDS.has(part)) return true;
  const [address = '', prefix, ...rest] = part.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
      .optional(),
    DEPLOYMENT: z.enum(DEPLOYMENT_IDS).default('frutas'),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'debe empezar con smtp:// o smtps://')
      .optional(),
    /**
     * Sender address of outgoing e-mail; by default cotizaciones@ the domain of the business's own
     * website (its identity in the database), read when each message leaves.
     */
    EMAIL_FROM: z.email('debe ser una dirección de correo').optional(),
    /**
     * Customers' e-mail answers reach their conversation through POST /api/v2/email/inbound (the raw
     * message, from a mail provider's inbound route or the mail server's pipe), open only to this secret.
     */
    EMAIL_INBOUND_SECRET: z.string().min(24, 'debe tener al menos 24 caracteres').optional(),
    /**
     * The mailbox whose mail reaches that route (respuestas@negocio.mx): conversation e-mails ask to
     * be answered at it, tagged per conversation (respuestas+c12-…@negocio.mx).
     */
    EMAIL_INBOUND_ADDRESS: z
      .email('debe ser una dirección de correo')
      .refine((address) => !address.split('@')[0]!.includes('+'), 'sin «+»: el servidor añade la etiqueta de cada conversación')
      .optional(),
    /** The e-mail queue: first retry after a refusal, then doubling (capped at an hour). */
    EMAIL_RETRY_FIRST_MS: z.coerce.number().int().min(1).default(30_000),
    /** A message still refused this long after it was queued is 'fallido'. */
    EMAIL_GIVE_UP_AFTER_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(24 * 60 * 60 * 1000),
    /** How often each server process looks for due messages (it is also woken when one is queued). */
    EMAIL_POLL_MS: z.coerce.number().int().min(10).default(5_000),
    /** Web Push's VAPID key pair (base64url); without them the server makes a pair once and keeps it in the database. */
    VAPID_PUBLIC_KEY: z.string().min(20).max(200).optional(),
    VAPID_PRIVATE_KEY: z.string().min(20).max(200).optional(),
    /** Who the push services may contact about this server's notices (mailto: or https:); by default the business's website. */
    PUSH_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'debe empezar con mailto: o https://')
      .optional(),
    PUSH_POLL_MS: z.coerce.number().int().min(10).default(10_000),
    PUSH_RETRY_FIRST_MS: z.coerce.number().int().min(1).default(30_000),
    /**
     * WhatsApp Business Cloud API (Mensajes): the access token, the business number's id, the app
     * secret that signs the webhook's calls and the token that verifies its subscription. Without
     * the token and the number, WhatsApp is off.
     */
    WHATSAPP_TOKEN: z.string().min(10).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,30}$/, 'debe ser el id numérico del número')
      .optional(),
    WHATSAPP_APP_SECRET: z.string().min(8).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
    WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
    WHATSAPP_POLL_MS: z.coerce.number().int().min(10).default(5_000),
    WHATSAPP_RETRY_FIRST_MS: z.coerce.number().int().min(1).default(30_000),
    /**
     * Delivery tracking (issue 47, docs/operations.md 'Mapa y rutas'). ROUTING_URL: an OSRM server
     * ('Optimizar' orders a route's stops, ETAs use its durations); without it the order stays the
     * office's and ETAs are approximate. MAP_TILES_URL: the tiles under the map, a tile server's
     * template (https://…/{z}/{x}/{y}.png) or one PMTiles archive (…/mapa.pmtiles); without it the map
     * draws routes and stops on a blank background.
     */
    ROUTING_URL: z.url().optional(),
    MAP_TILES_URL: z
      .string()
      .regex(/^(https?:\/\/|\/)/, 'debe ser una dirección http(s) o una ruta que empiece con /')
      .optional(),
    MAP_TILES_ATTRIBUTION: z.string().max(300).optional(),
    /** WhatsApp templates (approved in Meta) that tell a customer their route started and that they are next. */
    WHATSAPP_TEMPLATE_ROUTE_STARTED: z.string().regex(/^[a-z0-9_]{1,512}$/).default('pedido_en_camino'),
    WHATSAPP_TEMPLATE_STOP_NEXT: z.string().regex(/^[a-z0-9_]{1,512}$/).default('pedido_siguiente'),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/).default('es_MX'),
    /**
     * Invoicing (CFDI 4.0): the PAC that stamps the documents the product seals — 'sw' (SW sapien's
     * REST API) — and its address (its test or production service). Without PAC_PROVIDER invoicing
     * is off and its screens say what is missing. The account is set in 'Facturación'.
     */
    PAC_PROVIDER: z.enum(['sw']).optional(),
    PAC_URL: z.url().optional(),
    /**
     * The key that seals the CSD's private key, its password and the PAC account in the database
     * (AES-256-GCM): 32 bytes as base64 or 64 hex characters. Without it the embedded database keeps
     * one in DATA_DIR/fiscal.key (created on first use, readable by the server's user only).
     */
    FISCAL_KEY: z
      .string()
      .regex(/^([A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})$/, 'debe ser de 32 bytes: base64 (44 caracteres) o 64 hexadecimales')
      .optional(),
    CFDI_POLL_MS: z.coerce.number().int().min(10).default(5_000),
    CFDI_RETRY_FIRST_MS: z.coerce.number().int().min(1).default(30_000),
    /** Tests only: accept a push endpoint on any host (the push services' own hosts otherwise). */
    PUSH_ALLOW_ANY_ENDPOINT: booleanFlag.optional(),
    DEMO_SEED: booleanFlag.optional(),
    WEB_DIR: z.string().min(1).default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Server processes sharing the port; more than one needs PostgreSQL (DATABASE_URL). */
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /** S3-compatible object storage for evidence files (several machines, no shared disk); local disk without it. */
    S3_URL: z.url().optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Where in the bucket the evidence goes (several installations may share one bucket). */
    S3_PREFIX: z.string().default('evidencias/'),
    /** Where `npm run backup` leaves a copy of each archive in the bucket (and `npm run restore -- s3:NAME` finds it). */
    S3_BACKUP_PREFIX: z.string().default('respaldos/'),
    /** Where the parts of resumable uploads wait in the bucket until the file is complete (any machine takes the next part). */
    S3_UPLOADS_PREFIX: z.string().default('cargas/'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /**
     * Which proxies in front of the server are believed about the client's address
     * (X-Forwarded-For): 'none', a number of hops, or addresses and ranges (and the keywords
     * loopback, linklocal, uniquelocal). By default a proxy on this same machine: a client
     * reaching the server directly cannot choose the address its sign-in failures count against.
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .refine((value) => value === 'none' || /^\d{1,2}$/.test(value) || value.split(',').every((part) => isProxyAddress(part.trim())), {
        message: "'none', un número de saltos o direcciones separadas por comas (loopback, 10.0.0.0/8, …)",
      })
      .transform((value): boolean | number | string[] =>
        value === 'none' ? false : /^\d{1,2}$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim()),
      ),
    /** Bearer token that opens GET /metrics; without it the metrics are not served. */
    METRICS_TOKEN: z.string().min(24, 'debe tener al menos 24 caracteres').optional(),
  })
  .refine((env) => env.WORKERS === 1 || env.DATABASE_URL !== undefined, {
    path: ['WORKERS'],
    message: 'varios procesos comparten una base de datos PostgreSQL: defina DATABASE_URL (la base embebida es de un solo proceso)',
  })
  .refine((env) => env.EMAIL_INBOUND_ADDRESS === undefined || env.EMAIL_INBOUND_SECRET !== undefined, {
    path: ['EMAIL_INBOUND_ADDRESS'],
    message: 'las respuestas llegan por POST /api/v2/email/inbound: defina también EMAIL_INBOUND_SECRET',
  })
  .refine((env) => env.PAC_PROVIDER === undefined || env.PAC_URL !== undefined, {
    path: ['PAC_URL'],
    message: 'con PAC_PROVIDER hace falta la dirección del servicio del PAC (de pruebas o de producción)',
  })
  .refine((env) => env.DATABASE_URL === undefined || env.PAC_PROVIDER === undefined || env.FISCAL_KEY !== undefined, {
    path: ['FISCAL_KEY'],
    message: 'con PostgreSQL todos los procesos sellan el CSD con la misma llave: defina FISCAL_KEY',
  })
  .refine((env) => env.S3_URL === undefined || env.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'con S3_URL hace falta el nombre del bucket',
  })
  .transform((env) => ({
    ...env,
    // Demo data is on unless switched off, and off in production unless switched on.
    DEMO_SEED: env.DEMO_SEED ?? env.NODE_ENV !== 'production',
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; a bad value names the variable and what is wrong with it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as shells and .env files commonly write it.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // The variable's name heads each line already: the messages the API words per field are not for here.
  const result = envSchema.safeParse(present, { error: (issue) => es().localeError(issue) });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Configuración inválida:\n${lines.join('\n')}`);
}

/** The environment for a command: a bad value is printed in Spanish and the process ends (exit code 1). */
export function envOrExit(source: Record<string, string | undefined>): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
