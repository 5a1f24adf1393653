/**
 * `Content-Disposition` for a download named `filename`: RFC 6266's `filename*` carries the
 * Spanish name ('Cotización C-12.pdf'); the plain `filename` is an ASCII look-alike for
 * clients that do not read the other.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
