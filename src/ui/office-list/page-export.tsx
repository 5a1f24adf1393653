import { hasPermission } from '../../../domain/permissions';
import { useShell } from '../shell-context';
import { writeSheet, type SheetCell } from './export-sheet';
import { ExportButton } from './list-screen';
import type { Notify } from '../toast';

/** What a list writes to Excel: the file and sheet names, its rows as cells, and the columns with a time of day. */
export interface PageSheet<Row> {
  file: string;
  sheet: string;
  /** Called only when the person exports: "all" over a month can be thousands of rows. */
  toRows: (rows: readonly Row[]) => Record<string, SheetCell>[];
  moments?: readonly string[];
}

/**
 * 'Exportar a Excel' of the page on screen (spec §2), shown only to a person with the
 * 'download' permission (spec §6), disabled while the page is empty, and telling a failure
 * through the screen's toast.
 */
export function PageExport<Row>({ rows, notify, file, sheet, toRows, moments }: PageSheet<Row> & { rows: readonly Row[]; notify: Notify }) {
  const { user } = useShell();
  if (!hasPermission(user, 'download')) return null;
  return (
    <ExportButton
      run={() => writeSheet({ file, sheet, rows: toRows(rows), moments })}
      disabled={rows.length === 0}
      onError={(message) => notify(message, 'danger')}
    />
  );
}
