import { driverMessages } from '../../domain/messages/driver';
import { syncMessages } from '../../domain/messages/sync';
import type { OutboxRow } from '../../sync/db';

const text = syncMessages;

/** 'hace 5 minutos': how long ago, in Spanish (Intl, so the top bar does not load luxon). */
export function formatAge(at: number, now: number): string {
  const format = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
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
  const name = text.commands[row.command] ?? row.command;
  const payload = row.payload as { shippingId?: number; orderId?: number };
  if (typeof payload.shippingId === 'number') return `${name} · ${driverMessages.routeFolio(payload.shippingId)}`;
  if (typeof payload.orderId === 'number') return `${name} · ${payload.orderId}`;
  return name;
}

/** The accessible name of the indicator: connection, queue and last error in one sentence. */
export function indicatorLabel(status: { online: boolean; pending: number; lastError: { message: string } | null }): string {
  const parts = [
    `${text.title}: ${status.online ? text.online : text.offline}`,
    status.pending === 0 ? text.synced : text.pending(status.pending),
  ];
  if (status.lastError) parts.push(`${text.lastError}: ${status.lastError.message}`);
  return parts.join(', ');
}
