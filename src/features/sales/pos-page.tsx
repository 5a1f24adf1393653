import NewSalePage from './new-sale-page';

/** `/pos`: the same cart for a counter sale ('Mostrador'), for today. */
export default function PosPage() {
  return <NewSalePage counter />;
}
