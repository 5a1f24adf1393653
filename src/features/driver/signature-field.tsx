import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type SignaturePad from 'signature_pad';
import { driverDeliveryMessages as text } from '../../../domain/messages/driver-delivery';
import { signaturePng } from './signature-image';

/** What the delivery form reads from the pad when it saves. */
export interface SignatureHandle {
  /** The trimmed PNG data URL, or null when nothing was drawn. */
  read(): string | null;
}

/**
 * 'Firma': the receiver signs on the glass with a finger, a pen or the mouse (signature_pad,
 * pointer events). The library is loaded when the form opens, never with the route's screen.
 * `onSigned` says whether something is drawn, for the name it then requires.
 */
export function SignatureField({ handle, onSigned }: { handle: RefObject<SignatureHandle | null>; onSigned: (signed: boolean) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [ready, setReady] = useState(false);
  const [signed, setSigned] = useState(false);
  const ids = { label: useId(), hint: useId() };
  const report = useRef(onSigned);
  report.current = onSigned;

  useEffect(() => {
    let gone = false;
    let resize: (() => void) | null = null;
    void import('signature_pad').then(({ default: Pad }) => {
      const element = canvas.current;
      if (gone || !element) return;
      const signaturePad = new Pad(element, { penColor: '#111', minWidth: 0.8, maxWidth: 2.6 });
      // Drawn at the screen's pixel ratio so strokes are sharp; a resize keeps what was drawn.
      resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const strokes = signaturePad.toData();
        element.width = element.offsetWidth * ratio;
        element.height = element.offsetHeight * ratio;
        element.getContext('2d')?.scale(ratio, ratio);
        signaturePad.fromData(strokes);
      };
      resize();
      window.addEventListener('resize', resize);
      signaturePad.addEventListener('endStroke', () => {
        const drawn = !signaturePad.isEmpty();
        setSigned(drawn);
        report.current(drawn);
      });
      pad.current = signaturePad;
      handle.current = { read: () => (signaturePad.isEmpty() ? null : signaturePng(element)) };
      setReady(true);
    });
    return () => {
      gone = true;
      if (resize) window.removeEventListener('resize', resize);
      pad.current?.off();
      pad.current = null;
      handle.current = null;
    };
  }, [handle]);

  const clear = () => {
    pad.current?.clear();
    setSigned(false);
    report.current(false);
  };

  return (
    <div className="signature-field">
      <span id={ids.label} className="file-field__label">
        {text.signature}
      </span>
      <canvas ref={canvas} className="signature-field__pad" role="img" aria-labelledby={ids.label} aria-describedby={ids.hint} />
      <p id={ids.hint} className="field-hint">
        {ready ? text.signatureHint : text.signatureLoading}
      </p>
      <button type="button" className="touch-button" onClick={clear} disabled={!signed}>
        {text.clearSignature}
      </button>
    </div>
  );
}
