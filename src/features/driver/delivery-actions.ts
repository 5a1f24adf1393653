import { commonMessages } from '../../../domain/messages/shell';
import { monterreyMinute } from '../../../domain/time';
import type { CompleteDelivery, Position } from '../../../sync/commands';
import type { LocalDetail } from '../../../sync/db';
import type { SyncEngine } from '../../../sync/engine';
import { CommandRefused } from '../../../sync/command-refused';
import { receiverOf, returnedOf, type LineAnswer, type PartialLine } from './delivery-evidence';
import { prepareEvidence } from './driver-input';

/** What the delivery form holds when the driver saves. */
export interface DeliveryInput {
  file: File;
  receivedBy: string;
  /** The trimmed PNG data URL, or null when the receiver did not sign. */
  signature: string | null;
  position: Position | null;
  /** 'Entrega parcial': the sale's lines and what the driver typed for each. */
  partial?: { lines: readonly PartialLine[]; answers: readonly LineAnswer[] };
}

/** completeDelivery's payload with issue 47's evidence: who received, the signature, what came back. */
export type DeliveryPayload = CompleteDelivery;

/**
 * The payload of a delivery, or why it cannot be saved (Spanish). Checked before the evidence
 * is prepared, so a refusal costs no file work.
 */
export function deliveryPayload(
  detail: Pick<LocalDetail, 'id' | 'shipping_id'>,
  input: Omit<DeliveryInput, 'file'>,
  evidenceId: string,
  now: Date,
): { payload: DeliveryPayload } | { refusal: string } {
  const receiver = receiverOf(input.receivedBy, input.signature !== null);
  if ('refusal' in receiver) return receiver;
  const back = input.partial ? returnedOf(input.partial.lines, input.partial.answers) : null;
  if (back && 'refusal' in back) return back;
  return {
    payload: {
      detailId: detail.id,
      shippingId: detail.shipping_id,
      // The moment the person acts is the time recorded (docs/sync-engine.md rule 4).
      delivered_at: monterreyMinute(now),
      evidenceId,
      position: input.position,
      received_by: receiver.received_by,
      signature: input.signature,
      ...(back && { returned: back.returned }),
    },
  };
}

/**
 * 'Entregar' or 'Entrega parcial' at a stop, with or without signal: the evidence stored on the
 * phone and one completeDelivery in the route's lane. Null when taken, else why not (Spanish).
 */
export async function deliverAtStop(
  engine: SyncEngine | null,
  detail: Pick<LocalDetail, 'id' | 'shipping_id'>,
  input: DeliveryInput,
  now: Date = new Date(),
): Promise<string | null> {
  const checked = deliveryPayload(detail, input, '', now);
  if ('refusal' in checked) return checked.refusal;
  if (!engine) return commonMessages.genericError;
  try {
    const evidence = await prepareEvidence(input.file);
    await engine.command('completeDelivery', { ...checked.payload, evidenceId: evidence.id }, evidence);
    return null;
  } catch (error) {
    return error instanceof CommandRefused ? error.message : commonMessages.genericError;
  }
}
