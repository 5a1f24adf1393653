import { driverMessages } from '../../domain/messages/driver';
import { syncMessages } from '../../domain/messages/sync';
import { onFirstUse } from '../../domain/time';
import type { CommandName } from '../../sync/commands';
import type { OutboxRow } from '../../sync/db';

const text = syncMessages;

/** Typed by command name: a command added without its label fails the type check instead of showing its code name. */
const COMMAND_LABELS: Readonly<Record<CommandName, string>> = text.commands;

/** A stored row may carry a command this version no longer has (queued before an update). */
const isCommandName = (command: string): command is CommandName => Object.hasOwn(COMMAND_LABELS, command);

// Made once, on first use: each formatter loads the locale's data.
const relativeTime = onFirstUse(() => new Intl.RelativeTimeFormat('es', { numeric: 'auto' }));

/** 'hace 5 minutos': how long ago, in Spanish (Intl, so the top bar does not load luxon). */
export function formatAge(at: number, now: number): string {
  const format = relativeTime();
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  // Under a minute (or a device clock that jumped back): 'ahora', never 'dentro de…'.
  if (seconds < 60) return format.format(0, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** What a rejected change was, for the person: 'Iniciar ruta · E-12'. */
export function describeRow(row: Pick<OutboxRow, 'command' | 'payload'>): string {
  const name = isCommandName(row.command) ? COMMAND_LABELS[row.command] : row.command;
  const payload = row.payload as { shippingId?: number; orderId?: number; provisional?: string; sale?: { offline?: { provisional?: string } } };
  // A sale or payment made offline is named by the provisional folio its ticket or receipt printed.
  const provisional = payload.provisional ?? payload.sale?.offline?.provisional;
  if (typeof provisional === 'string') return `${name} · ${provisional}`;
  if (typeof payload.shippingId === 'number') return `${name} · ${driverMessages.routeFolio(payload.shippingId)}`;
  if (typeof payload.orderId === 'number') return `${name} · ${payload.orderId}`;
  return name;
}

/**
 * The accessible name of the indicator: connection, what the server refused or keeps failing
 * on, the queue and the last error in one sentence. 'Todo sincronizado' only when nothing waits
 * and nothing was refused.
 */
export function indicatorLabel(status: {
  online: boolean;
  pending: number;
  lastError: { message: string } | null;
  rejected?: readonly unknown[];
  stuck?: readonly unknown[];
}): string {
  const rejected = status.rejected?.length ?? 0;
  const stuck = status.stuck?.length ?? 0;
  const parts = [`${text.title}: ${status.online ? text.online : text.offline}`];
  if (rejected > 0) parts.push(text.rejectedCount(rejected));
  if (stuck > 0) parts.push(text.stuckCount(stuck));
  if (status.pending > 0) parts.push(text.pending(status.pending));
  else if (rejected === 0) parts.push(text.synced);
  if (status.lastError) parts.push(`${text.lastError}: ${status.lastError.message}`);
  return parts.join(', ');
}

/** What the indicator spells out beside its icon: what needs the person first. */
export function indicatorText(status: { online: boolean; rejected: readonly unknown[]; stuck: readonly unknown[] }): string {
  if (status.rejected.length > 0) return text.rejectedCount(status.rejected.length);
  if (status.stuck.length > 0) return text.stuckCount(status.stuck.length);
  return status.online ? text.online : text.offline;
}
