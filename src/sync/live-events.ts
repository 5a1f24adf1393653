import { useEffect, useRef } from 'react';
import { APP_EVENT_TYPES, appEventSchema, eventTicketSchema, type AppEvent } from '../../domain/schemas/events';
import { ApiError, apiRequest } from '../lib/api';
import { discardToken } from '../lib/session-store';

const RECONNECT_MS = 5_000;

/**
 * Listens to the server's live events (Server-Sent Events, spec §7 'A live channel listens
 * for an event for a new order to fill'). A stream opens with a one-time ticket, so after
 * a drop a new ticket is asked for; offline, it waits for the network to come back.
 */
export function useLiveEvents(enabled: boolean, onEvent: (event: AppEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const connect = async () => {
      if (stopped) return;
      if (!navigator.onLine) return; // 'online' reconnects.
      try {
        const { ticket } = await apiRequest('/api/v2/events/ticket', { method: 'POST', schema: eventTicketSchema });
        if (stopped) return;
        source = new EventSource(`/api/v2/events?ticket=${encodeURIComponent(ticket)}`);
        const deliver = (message: Event) => {
          const parsed = appEventSchema.safeParse(safeJson((message as MessageEvent<string>).data));
          if (parsed.success) handler.current(parsed.data);
        };
        for (const type of APP_EVENT_TYPES) source.addEventListener(type, deliver);
        source.onerror = () => {
          // The ticket is spent: the browser's own retry would be refused. Start again.
          source?.close();
          source = null;
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
      }
    };
    const retry = () => {
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void connect();
      }, RECONNECT_MS);
    };
    const onOnline = () => {
      if (!source) void connect();
    };

    void connect();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [enabled]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
