import { useState, type ReactNode } from 'react';
import { listMessages } from '../../../domain/messages/office-list';
import { hasPermission } from '../../../domain/permissions';
import { useToast } from '../../ui/toast';
import { useShell } from '../../ui/shell-context';
import { getErrorMessage } from '../../lib/api';
import './reports.css';
import { ScreenPage } from '../../ui/screen-chrome';

/** A report screen: its top bar, a heading for screen readers, its sections, and one toast for export failures. */
export function ReportScreen({ title, children }: { title: string; children: (notify: (message: string) => void) => ReactNode }) {
  const [notify, toast] = useToast();
  return (
    <ScreenPage title={title} overlays={<>{toast}</>}>
      <div className="report-screen">
        <h1 className="visually-hidden">{title}</h1>
        {children((message) => notify(message, 'danger'))}
      </div>
    </ScreenPage>
  );
}

/** Whether the person may export (spec §6 'download'). */
export function useCanDownload(): boolean {
  return hasPermission(useShell().user, 'download');
}

/**
 * 'Exportar a Excel' of one section. Several sit on one screen, so each is named with its
 * section ('Exportar a Excel: Ventas por vendedor'); the visible text stays the same.
 */
export function ReportExportButton({
  section,
  run,
  disabled = false,
  onError,
}: {
  section: string;
  run: () => Promise<void>;
  disabled?: boolean;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      onError(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const shown = busy ? listMessages.exporting : listMessages.export;
  return (
    <button
      type="button"
      className="outline-button"
      disabled={busy || disabled}
      aria-label={`${shown}: ${section}`}
      onClick={() => void start()}
    >
      {shown}
    </button>
  );
}
