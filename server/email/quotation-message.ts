import type { BusinessIdentity } from '../../domain/deployment';
import { formatMoney } from '../../domain/format';
import { emailMessages } from '../../domain/messages/email';
import { quotationFolio } from '../../domain/sales';
import type { SaleDetail } from '../../domain/schemas/quotations';
import { BUSINESS_TIME_ZONE } from '../../domain/time';
import { escapeHtml } from '../html-text';

/**
 * The e-mail that carries a quotation (spec §7 E-mail service): its subject and an HTML body
 * with the template's fields — folio, date, company, seller, credit terms, the items table,
 * the total and where to reply. The PDF is attached when the message is sent, not here.
 * Every value from the database is escaped: a company or item name is text, never markup.
 */

const text = emailMessages;

const instantDate = new Intl.DateTimeFormat('es-MX', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'long' });
// A calendar date ('YYYY-MM-DD') has no time zone: read at UTC noon so no offset moves its day.
const calendarDate = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', dateStyle: 'long' });

const quantity = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 3 });

export interface QuotationMessage {
  subject: string;
  html: string;
  replyTo: string;
}

export function quotationMessage(quotation: SaleDetail, identity: BusinessIdentity): QuotationMessage {
  const folio = quotationFolio(quotation.id);
  const seller = `${quotation.user.name} ${quotation.user.last}`.trim();
  const cell = 'padding:6px 8px;border-bottom:1px solid #ddd;text-align:left;';
  const right = `${cell}text-align:right;white-space:nowrap;`;
  const facts: [string, string][] = [
    [text.folio, folio],
    [text.date, instantDate.format(new Date(quotation.created_at))],
    [
      text.company,
      quotation.company.razon_social && quotation.company.razon_social !== quotation.company.name
        ? `${quotation.company.name} (${quotation.company.razon_social})`
        : quotation.company.name,
    ],
    [text.seller, `${seller} <${quotation.user.email}>`],
  ];
  if (quotation.due_date) facts.push([text.validity, calendarDate.format(new Date(`${quotation.due_date}T12:00:00Z`))]);

  const rows = quotation.items
    .map(
      (item) =>
        `<tr><td style="${right}">${escapeHtml(quantity.format(item.quantity))}</td><td style="${cell}">${escapeHtml(item.unit)}</td>` +
        `<td style="${cell}">${escapeHtml(item.name)}</td><td style="${right}">${escapeHtml(formatMoney(item.price))}</td>` +
        `<td style="${right}">${escapeHtml(formatMoney(item.amount))}</td></tr>`,
    )
    .join('');
  const totals = (
    [
      [text.subtotal, quotation.subtotal],
      [text.iva, quotation.iva],
      [text.total, quotation.total],
    ] as const
  )
    .map(
      ([label, amount], i, all) =>
        `<tr><td colspan="4" style="${right}${i === all.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(label)}</td>` +
        `<td style="${right}${i === all.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(formatMoney(amount))}</td></tr>`,
    )
    .join('');
  const header = (
    [
      [text.quantity, right],
      [text.unit, cell],
      [text.product, cell],
      [text.price, right],
      [text.amount, right],
    ] as const
  )
    .map(([label, style]) => `<th style="${style}background:#f3f3f3;">${escapeHtml(label)}</th>`)
    .join('');
  const credit =
    quotation.company.credit_days >= 1
      ? `<p style="margin:12px 0;"><strong>${escapeHtml(text.credit(quotation.company.credit_days))}</strong></p>`
      : '';

  const html = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(text.title(folio))}</title></head>
<body style="margin:0;padding:16px;font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#222;">
<div style="max-width:644px;margin:0 auto;">
<h1 style="font-size:20px;color:${escapeHtml(identity.themeColor)};margin:0 0 4px;">${escapeHtml(identity.brand)}</h1>
<h2 style="font-size:16px;margin:0 0 16px;">${escapeHtml(text.title(folio))}</h2>
<p style="margin:0 0 8px;">${escapeHtml(text.greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(text.intro)}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 12px;">${facts
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;">${escapeHtml(label)}</th><td style="padding:2px 0;">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
${credit}<table style="border-collapse:collapse;width:100%;margin:8px 0 16px;"><thead><tr>${header}</tr></thead><tbody>${rows}</tbody><tfoot>${totals}</tfoot></table>
<p style="margin:0 0 16px;">${escapeHtml(text.replyTo(quotation.user.email))}</p>
<p style="margin:0;color:#555;font-size:12px;">${escapeHtml(identity.legalName)} · ${escapeHtml(identity.address)}<br>${escapeHtml(identity.phone)} · ${escapeHtml(text.whatsapp(identity.whatsapp))} · ${escapeHtml(identity.website)}</p>
</div>
</body></html>`;
  return { subject: text.subject(folio, identity.brand), html, replyTo: quotation.user.email };
}
