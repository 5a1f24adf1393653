/**
 * What the product asks of a PAC (proveedor autorizado de certificación), whichever it is: stamp a
 * CFDI the product has already sealed with the business's CSD (the PAC adds its
 * TimbreFiscalDigital), cancel one with the SAT's motive, and ask the SAT's state of one.
 * Implementations: sw.ts (SW sapien's REST API). Chosen by configuration in index.ts.
 */

export interface StampResult {
  uuid: string;
  /** The stamped CFDI: the sealed XML with its TimbreFiscalDigital in cfdi:Complemento. */
  xml: string;
  /** FechaTimbrado as the TFD carries it (local time of Mexico City, YYYY-MM-DDTHH:mm:ss). */
  stampedAt: string;
  noCertificadoSat: string;
  selloSat: string;
  /** The tfd:TimbreFiscalDigital element alone, as XML. */
  tfdXml: string;
}

/** Where a cancellation stands: done, waiting for the receiver's answer (up to 72 h), or refused by the receiver. */
export type CancelState = 'cancelado' | 'en_proceso' | 'rechazada';

export interface CancelResult {
  state: CancelState;
  /** The SAT's acknowledgement (acuse) as XML, when the PAC gave it. */
  acuse?: string;
  message?: string;
}

/** The SAT's cancellation motives (c_MotivoCancelacion): 01 with a substitute, 02 errors without one, 03 not carried out, 04 global invoice. */
export type CancelMotive = '01' | '02' | '03' | '04';

export interface CancelRequest {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  /** The CFDI's Total, needed to ask the SAT its state. */
  total: number;
  motivo: CancelMotive;
  /** The UUID of the CFDI that replaces this one; required with motive 01. */
  folioSustitucion?: string;
  /** The business's CSD: the cancellation request is signed with it. */
  csd: { cerDer: Buffer; keyDer: Buffer; password: string };
}

export interface StatusQuery {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  total: number;
}

export type CfdiSatState = 'vigente' | 'cancelado' | 'en_proceso' | 'no_encontrado';

export interface StatusResult {
  state: CfdiSatState;
  /** The SAT's words when they add something (e.g. 'Solicitud rechazada', 'Cancelable con aceptación'). */
  message?: string;
  /**
   * Where a cancellation request stands, when there is one: 'en_proceso' while the receiver may
   * answer, 'rechazada' when the receiver refused (the CFDI stays vigente), 'cancelado' once done.
   */
  cancellation?: CancelState;
}

export interface Pac {
  /** The provider's name as people read it ('SW sapien'). */
  readonly name: string;
  /**
   * Stamps a sealed CFDI. `idempotencyKey` identifies the document (not the attempt): the same key
   * with the same XML answers the first stamp again, so a retry after a crash is not a second stamp.
   */
  stamp(sealedXml: string, idempotencyKey: string): Promise<StampResult>;
  cancel(request: CancelRequest): Promise<CancelResult>;
  status(query: StatusQuery): Promise<StatusResult>;
}

/**
 * A PAC call that did not do what was asked. `transient`: the PAC could not be reached or was not
 * able to answer (network, timeout, 5xx, 429) — try again later, nothing was decided. Otherwise the
 * PAC or the SAT refused the document: `message` carries its own code and text ('CFDI40102 …') for
 * the person who must correct it, and `code` the code alone when there is one.
 */
export class PacError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PacError';
  }
}
