import { formatMoney } from '../../domain/format';

/**
 * Money by payment method with its total: what a driver collected or counted, on the phone and
 * on the office's route page. The caller names the columns and the total in its own texts.
 */
export function AmountsByMethod({
  lines,
  total,
  labels,
  caption,
  className,
}: {
  lines: readonly { payment_method_id: number; name: string; amount: number }[];
  total: number;
  labels: { method: string; amount: string; total: string };
  caption?: string;
  className: string;
}) {
  return (
    <table className={className}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{labels.method}</th>
          <th scope="col" className="numeric">
            {labels.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.payment_method_id}>
            <th scope="row">{line.name}</th>
            <td className="numeric">{formatMoney(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{labels.total}</th>
          <td className="numeric">{formatMoney(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
