import { useEffect, useRef } from 'react';
import { APP_EVENT_TYPES, appEventSchema, eventTicketSchema, type AppEvent } from '../../domain/schemas/events';
import { ApiError, apiRequest } from '../lib/api';
import { discardToken } from '../lib/session-store';

const RECONNECT_MS = 5_000;

type Listener = (event: AppEvent) => void;

/**
 * The one stream of the server's live events (Server-Sent Events, spec §7 'A live channel
 * listens for an event for a new order to fill'), shared by every screen that listens: it
 * opens with the first listener and closes with the last. A stream opens with a one-time
 * ticket, so after a drop a new ticket is asked for; offline, it waits for the network.
 */
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let connecting = false;

function deliver(message: Event) {
  const parsed = appEventSchema.safeParse(safeJson((message as MessageEvent<string>).data));
  if (parsed.success) for (const listener of [...listeners]) listener(parsed.data);
}

async function connect() {
  if (listeners.size === 0 || source || connecting) return;
  if (!navigator.onLine) return; // 'online' reconnects.
  connecting = true;
  try {
    const { ticket } = await apiRequest('/api/v2/events/ticket', { method: 'POST', schema: eventTicketSchema });
    if (listeners.size === 0) return;
    const opened = new EventSource(`/api/v2/events?ticket=${encodeURIComponent(ticket)}`);
    source = opened;
    for (const type of APP_EVENT_TYPES) opened.addEventListener(type, deliver);
    opened.onerror = () => {
      // The ticket is spent: the browser's own retry would be refused. Start again.
      opened.close();
      if (source === opened) source = null;
      retry();
    };
  } catch (error) {
    // Refused a ticket, the session is over (signed out elsewhere, deactivated): back to the
    // login, as any other 401 does (app/providers.tsx).
    if (error instanceof ApiError && error.status === 401) {
      discardToken();
      return;
    }
    retry();
  } finally {
    connecting = false;
  }
}

function retry() {
  if (listeners.size === 0 || timer) return;
  timer = setTimeout(() => {
    timer = null;
    void connect();
  }, RECONNECT_MS);
}

function onOnline() {
  void connect();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('online', onOnline);
  void connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', onOnline);
    if (timer) clearTimeout(timer);
    timer = null;
    source?.close();
    source = null;
  };
}

/** Calls `onEvent` with each live event while `enabled`. */
export function useLiveEvents(enabled: boolean, onEvent: (event: AppEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return subscribe((event) => handler.current(event));
  }, [enabled]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
