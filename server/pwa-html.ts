import { brandStyleRule } from '../domain/brand';
import type { Deployment } from '../domain/deployment';
import { escapeHtml } from './html-text';

/**
 * The built app's HTML as this deployment serves it: its name, colours and icons are in the
 * page itself, so the first paint — before any script or request, offline from the service
 * worker's copy too — is already this business's, never a flash of the other brand. The
 * service worker stores the page as this server sends it.
 */
export function deploymentHtml(template: string, deployment: Deployment, touchIcon: string): string {
  const { id, identity } = deployment;
  const replacements: [RegExp, string][] = [
    [/<html lang="es-MX">/, `<html lang="es-MX" data-deployment="${id}">`],
    [/<meta name="theme-color" content="[^"]*" \/>/, `<meta name="theme-color" content="${escapeHtml(identity.themeColor)}" />`],
    [/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(identity.tagline)}" />`],
    [
      /<link rel="icon" href="[^"]*" type="image\/svg\+xml" \/>/,
      `<link rel="icon" href="${escapeHtml(identity.logo)}" type="image/svg+xml" />`,
    ],
    [/<link rel="apple-touch-icon" href="[^"]*" \/>/, `<link rel="apple-touch-icon" href="${escapeHtml(touchIcon)}" />`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(identity.brand)}</title>\n    <style>${brandStyleRule(identity)}</style>`],
  ];
  return replacements.reduce((html, [pattern, replacement]) => {
    // The template is index.html of this repository: a missing tag is a build that changed it.
    if (!pattern.test(html)) throw new Error(`index.html lacks ${pattern.source}`);
    return html.replace(pattern, replacement);
  }, template);
}
