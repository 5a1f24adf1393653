import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { MermaForm } from './merma-form';
import { MovementListPage } from './movement-list-page';

/** `/mermas` ('Mermas'): the waste recorded with its reason, and 'Registrar merma'. */
export default function MermasPage() {
  return (
    <MovementListPage name="mermas" path="/api/v2/mermas" texts={inventoryMovesMessages.mermas} form={(done) => <MermaForm {...done} />} />
  );
}
