import type { ReactNode } from 'react';
import { printMessages } from '../../../domain/messages/shell';
import './print-actions.css';

/**
 * The buttons over a print view (spec §2): Imprimir opens the print dialog and, once it
 * closes, `onDone` clears the stored job and closes the window; Cerrar does so at once.
 * A view may add its own buttons before and after Imprimir (the quotation's 'Descargar PDF'
 * and 'Enviar por correo'). None of them prints: the bar is hidden on paper.
 */
export function PrintActions({ onDone, leading, trailing }: { onDone: () => void; leading?: ReactNode; trailing?: ReactNode }) {
  const print = () => {
    window.addEventListener('afterprint', onDone, { once: true });
    window.print();
  };
  return (
    <div className="print-actions">
      {leading}
      <button type="button" className="button-primary" onClick={print}>
        {printMessages.print}
      </button>
      {trailing}
      <button type="button" onClick={onDone}>
        {printMessages.close}
      </button>
    </div>
  );
}
