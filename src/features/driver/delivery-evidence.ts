import { driverDeliveryMessages as text } from '../../../domain/messages/driver-delivery';
import { RETURN_LINE_REASONS, type ReturnedLine, type ReturnLineReason } from '../../../domain/schemas/delivery-patch';
import type { LocalDetail } from '../../../sync/db';

/**
 * What a delivery carries beyond its photo or PDF (issue 47): who received, their signature,
 * and for a partial delivery what came back. Pure, so the forms' rules are tested without a DOM.
 *
 * The signature is optional: the spec's evidence stays the photo or PDF, and a customer who
 * will not sign must not stop a delivery. A drawn signature needs the name of who signed, or
 * it proves nothing.
 */

export const MAX_RECEIVED_BY = 120;

/** The receiver's name as sent (trimmed; null when blank), or why it cannot be. */
export function receiverOf(name: string, signed: boolean): { received_by: string | null } | { refusal: string } {
  const trimmed = name.trim();
  if (trimmed.length > MAX_RECEIVED_BY) return { refusal: text.receivedByTooLong };
  if (signed && trimmed === '') return { refusal: text.receivedByRequired };
  return { received_by: trimmed === '' ? null : trimmed };
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** A sale's product as the partial delivery lists it. */
export interface PartialLine {
  item_id: number;
  name: string;
  unit: string;
  ordered: number;
}

/**
 * The sale's products for a partial delivery, one line per product: a sale may hold the same
 * product on two lines, and the server takes one returned line per product (two would be
 * refused, and the whole delivery with them), so their quantities are added. Null when a line
 * lacks its product's id (a route a device stored before issue 47: no return could be
 * recorded), and for a cancelled sale (the server refuses a partial delivery of one).
 */
export function partialLines(detail: Pick<LocalDetail, 'sale'>): PartialLine[] | null {
  const lines = detail.sale.sale_items;
  if (detail.sale.canceled === true || lines.length === 0 || lines.some((line) => line.item_id == null)) return null;
  const byProduct = new Map<number, PartialLine>();
  for (const line of lines) {
    const same = byProduct.get(line.item_id!);
    if (same) same.ordered = cents(same.ordered + line.quantity);
    else byProduct.set(line.item_id!, { item_id: line.item_id!, name: line.item.name, unit: line.unit ?? '', ordered: line.quantity });
  }
  return [...byProduct.values()];
}

/** What the driver typed for one line: how much the customer accepted, and why the rest came back. */
export interface LineAnswer {
  accepted: string;
  reason: ReturnLineReason | '';
}

export const isReturnReason = (value: string): value is ReturnLineReason => (RETURN_LINE_REASONS as readonly string[]).includes(value);

/** A quantity as people type it ('3', '2.5', '2,5'), or NaN. */
const parseQuantity = (value: string) => {
  const cleaned = value.trim().replace(',', '.');
  return cleaned === '' || !/^\d*\.?\d*$/.test(cleaned) ? Number.NaN : Number(cleaned);
};

/**
 * What came back: ordered − accepted per line, lines with something returned only, each with
 * its reason. Refused when nothing came back (that is a delivery), when everything did (that
 * is a rejection), or when a line is out of range or lacks its reason.
 */
export function returnedOf(
  lines: readonly PartialLine[],
  answers: readonly LineAnswer[],
): { returned: ReturnedLine[] } | { refusal: string } {
  const back: { line: PartialLine; quantity: number; reason: LineAnswer['reason'] }[] = [];
  let anyAccepted = false;
  for (const [index, line] of lines.entries()) {
    const answer = answers[index] ?? { accepted: String(line.ordered), reason: '' };
    const accepted = parseQuantity(answer.accepted);
    if (!Number.isFinite(accepted) || accepted < 0 || accepted > line.ordered)
      return { refusal: text.acceptedInvalid(line.name, line.ordered) };
    if (accepted > 0) anyAccepted = true;
    const quantity = cents(line.ordered - accepted);
    if (quantity > 0) back.push({ line, quantity, reason: answer.reason });
  }
  // Which form fits comes before a missing reason: the driver may be in the wrong one.
  if (back.length === 0) return { refusal: text.nothingReturned };
  if (!anyAccepted) return { refusal: text.allReturned };
  const returned: ReturnedLine[] = [];
  for (const { line, quantity, reason } of back) {
    if (!isReturnReason(reason)) return { refusal: text.reasonRequired(line.name) };
    returned.push({ item_id: line.item_id, quantity, reason });
  }
  return { returned };
}

/** A line that came back, with its product's name and unit for the stop's card. */
export interface ShownReturn extends ReturnedLine {
  name: string;
  unit: string;
}

/**
 * What came back at a delivered stop: null when it was delivered whole; the lines the device
 * knows otherwise. They are on the record from the driver's own command (completeDelivery's
 * `returned`) until the server's copy replaces it; the server's copy says `partial` only, so
 * after that the stop shows 'Entrega parcial' without its lines (the office's route has them).
 */
export function returnedAtStop(
  detail: Pick<LocalDetail, 'partial' | 'sale'> & { returned?: readonly ReturnedLine[] | null },
): ShownReturn[] | null {
  const returned = detail.returned ?? [];
  if (!detail.partial && returned.length === 0) return null;
  return returned.map((line) => {
    const sold = detail.sale.sale_items.find((item) => item.item_id === line.item_id);
    return { ...line, name: sold?.item.name ?? '', unit: sold?.unit ?? '' };
  });
}
