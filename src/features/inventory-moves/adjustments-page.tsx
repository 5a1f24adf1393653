import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { AdjustmentForm } from './adjustment-form';
import { MovementListPage } from './movement-list-page';

/** `/adjustments` ('Ajustes de Inventario'): the manual adjustments with their reason, and 'Registrar ajuste'. */
export default function AdjustmentsPage() {
  return (
    <MovementListPage
      name="adjustments"
      path="/api/v2/adjustments"
      texts={inventoryMovesMessages.adjustments}
      form={(done) => <AdjustmentForm {...done} />}
    />
  );
}
