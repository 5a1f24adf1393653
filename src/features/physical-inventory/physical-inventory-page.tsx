import { useState } from 'react';
import { isWarehouseOperator } from '../../../domain/app-routes';
import { physicalInventoryMessages } from '../../../domain/messages/physical-inventory';
import { AppLink } from '../../ui/app-link';
import { useShell } from '../../ui/shell-context';
import { CountView } from './count-view';
import { OfficeView } from './office-view';
import './physical-inventory.css';
import { ScreenPage } from '../../ui/screen-chrome';

const text = physicalInventoryMessages;

/**
 * `/physical-inventory` ('Inventario Físico'). The warehouse operator gets the
 * tablet's count, which works offline, with the way back to the orders to fill (their
 * home, no side menu). The office gets the counts and their differences, and may count
 * on this device too.
 */
export default function PhysicalInventoryPage() {
  const { user } = useShell();
  const warehouse = isWarehouseOperator(user);
  const [counting, setCounting] = useState(warehouse);
  if (!warehouse && !counting) return <OfficeView onCount={() => setCounting(true)} />;
  return <CountPage onList={warehouse ? null : () => setCounting(false)} />;
}

function CountPage({ onList }: { onList: (() => void) | null }) {
  return (
    <ScreenPage title={text.title}>
      <h1 className="visually-hidden">{text.title}</h1>
      <nav className="quick-filters" aria-label={text.title}>
        {onList ? (
          <>
            <button type="button" className="quick-filter" aria-pressed={false} onClick={onList}>
              {text.listTab}
            </button>
            <button type="button" className="quick-filter" aria-pressed>
              {text.countTab}
            </button>
          </>
        ) : (
          <AppLink href="/" className="quick-filter physical-count__back">
            {text.toOrders}
          </AppLink>
        )}
      </nav>
      <CountView />
    </ScreenPage>
  );
}
