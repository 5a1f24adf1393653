/*
 * What the server log never holds: the secrets a request may carry. A URL's query can hold a
 * token (an SSE `access_token`, WhatsApp's `hub.verify_token`, a file's `pass`, an event
 * `ticket`, a signed link's signature) and headers hold the session itself (Authorization,
 * Cookie). Log files are read by more people, and kept longer, than the database: whoever reads
 * one must not be able to act as someone else with what it says.
 */

/**
 * How the name of a query parameter whose value is a secret ends (`hub.verify_token`,
 * `accessToken`, `X-Amz-Signature`, `api_key`). A harmless one that ends alike (`barcode`) loses
 * its value in the log, which costs less than a token kept there.
 */
const SECRET_NAME = /(?:token|pass|password|passwd|pwd|ticket|secret|key|signature|sig|auth|code|otp|credential)s?\]?$/i;

/** A `name=value` pair after `?` or `&`; the value ends where the query's next pair, the URL or the JSON string does (an escape `\"` is inside it). */
const QUERY_PAIR = /([?&])([^=&\s"#?]+)=((?:\\.|[^&#\s"\\])*)/g;

/** A credential written out as an Authorization header's value (a session's bearer token, a mail provider's Basic password). */
const BEARER = /\b((?:Bearer|Basic)\s+)[\w.~+/=-]+/gi;

function isSecretName(raw: string): boolean {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A name that is not valid percent-encoding is judged as written.
  }
  return SECRET_NAME.test(name);
}

/** `text` with the values of secret query parameters and bearer tokens replaced by '…'. */
export function redactSecrets(text: string): string {
  return text
    .replace(QUERY_PAIR, (pair, start: string, name: string, value: string) =>
      value !== '' && isSecretName(name) ? `${start}${name}=…` : pair,
    )
    .replace(BEARER, '$1…');
}

/** Header fields of whatever a log line carries (a request, a reply, an error's request) that hold credentials. */
export const REDACTED_LOG_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-api-key"]',
];

/**
 * The logger's own guards, for pino's options: the fields above are censored, and every line
 * passes through `redactSecrets` just before it is written — messages, error stacks and URLs
 * alike, whoever logged them (our code, Fastify's own warnings, a plugin).
 */
export const logRedaction = {
  redact: { paths: REDACTED_LOG_PATHS, censor: '…' },
  hooks: { streamWrite: redactSecrets },
};
