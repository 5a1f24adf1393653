/**
 * Where the business's e-mail comes from when the installation names no sender (EMAIL_FROM): its
 * own domain, read from the website it gave at setup or in 'Datos del negocio'. Never another
 * business's: without a website there is no sender, and nothing is sent until one is given.
 */

const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The mail domain of a website as people write it ('www.negocio.mx', 'https://negocio.mx/tienda'); null when it names none. */
export function websiteDomain(website: string): string | null {
  const host = website
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return DOMAIN.test(host) ? host : null;
}

/** The sender address: the one configured, else cotizaciones@ the business's domain; null when there is neither. */
export function senderAddress(configured: string | undefined, website: string): string | null {
  if (configured) return configured;
  const domain = websiteDomain(website);
  return domain ? `cotizaciones@${domain}` : null;
}
