import type { ActionSheetButton } from '@ionic/react';
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { listMessages } from '../../domain/messages/office-list';
import { useSheet } from './use-sheet';

const text = listMessages;
// Ionic's sheets load when first shown: a screen opened at its address draws without Ionic.
const ActionSheet = lazy(() => import('./ionic-overlays').then((module) => ({ default: module.ActionSheet })));

/**
 * A row's menu as an action sheet (the cancel button added). `actions` answers what the
 * person may do with a row; keep it stable (useCallback). A row with no actions has no menu.
 */
export function useRowMenu<Row>(
  header: (row: Row) => string,
  actions: (row: Row) => ActionSheetButton[],
): { open: (row: Row) => void; sheet: ReactNode } {
  const [menuFor, setMenuFor, menuSheet] = useSheet<Row>();
  const chosen = useRef<(() => unknown) | null>(null);
  // Built once per opening: a sheet given new buttons redraws them, under the person's finger.
  // The chosen action runs once the sheet is gone: an action that changes the list under it (a
  // row deactivated and filtered out) or shows a toast must not do so while the sheet leaves.
  const buttons = useMemo(
    () =>
      menuFor
        ? [
            ...actions(menuFor).map((button) => ({
              ...button,
              handler: button.handler && (() => void (chosen.current = button.handler!)),
            })),
            { text: text.cancel, role: 'cancel' },
          ]
        : [],
    [menuFor, actions],
  );
  const dismissed = menuSheet.onDidDismiss;
  const sheet = menuFor && (
    <Suspense key={menuSheet.key} fallback={null}>
      <ActionSheet
        header={header(menuFor)}
        buttons={buttons}
        onDismissed={() => {
          dismissed();
          const action = chosen.current;
          chosen.current = null;
          action?.();
        }}
      />
    </Suspense>
  );
  return { open: setMenuFor, sheet };
}

/** What a confirmation asks: the question, the button that does it, and what doing it is. */
export interface Confirmation {
  header: string;
  confirm: string;
  /** A deletion or a cancellation: the button says it cannot be taken back. */
  destructive?: boolean;
  /**
   * Run `onConfirm` once the sheet is gone rather than as it goes: for an action that closes the
   * dialog the sheet was opened from (two overlays leaving at once can leave the page hidden from screen readers).
   */
  whenGone?: boolean;
  onConfirm: () => void;
}

/**
 * The one confirmation sheet of every screen: `ask(value)` opens it for that value with the
 * question and button `confirmation` gives, and a cancel button; `sheet` goes among the screen's overlays.
 */
export function useConfirmSheet<T>(
  confirmation: (value: T) => Confirmation,
  cancel: string = text.cancel,
): { ask: (value: T) => void; sheet: ReactNode } {
  const [asking, ask, sheetState] = useSheet<T>();
  const sheet = asking !== null && (
    <ConfirmSheetFor key={sheetState.key} confirmation={confirmation(asking)} cancel={cancel} onDismissed={sheetState.onDidDismiss} />
  );
  return { ask, sheet };
}

function ConfirmSheetFor({ confirmation, cancel, onDismissed }: { confirmation: Confirmation; cancel: string; onDismissed: () => void }) {
  // Built once per opening: a sheet given new buttons redraws them, under the person's finger.
  const [asked] = useState(confirmation);
  const confirmed = useRef(false);
  const [buttons] = useState<ActionSheetButton[]>(() => [
    {
      text: asked.confirm,
      role: asked.destructive ? 'destructive' : undefined,
      handler: asked.whenGone ? () => void (confirmed.current = true) : asked.onConfirm,
    },
    { text: cancel, role: 'cancel' },
  ]);
  const dismissed = () => {
    onDismissed();
    if (confirmed.current) asked.onConfirm();
  };
  return (
    <Suspense fallback={null}>
      <ActionSheet header={asked.header} buttons={buttons} onDismissed={dismissed} />
    </Suspense>
  );
}
