import { messages } from '../../../domain/messages';
import './print-actions.css';

/**
 * The buttons over a print view (spec §2): Imprimir opens the print dialog and, once it
 * closes, `onDone` clears the stored job and closes the window; Cerrar does so at once.
 * They never print.
 */
export function PrintActions({ onDone }: { onDone: () => void }) {
  const print = () => {
    window.addEventListener('afterprint', onDone, { once: true });
    window.print();
  };
  return (
    <div className="print-actions">
      <button type="button" className="button-primary" onClick={print}>
        {messages.print.print}
      </button>
      <button type="button" onClick={onDone}>
        {messages.print.close}
      </button>
    </div>
  );
}
