import { useSyncExternalStore } from 'react';
import { printMessages } from '../../domain/messages/shell';

/**
 * The signed-in session and the pending print job live in local storage (spec §2 root
 * switching): the token decides login vs shell, print data opens a print view instead.
 */
const TOKEN_KEY = 'token';
export const PRINT_KEY = 'print';
/** The last server answers, kept so an offline start shows them (src/app/providers.tsx). */
export const QUERY_CACHE_KEY = 'query-cache';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Calls `listener` whenever the token or the print job changes, in this tab or another. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === PRINT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

/** Sign-out clears all local storage (spec §4), cached reads included. */
export function clearLocalStorage(): void {
  localStorage.clear();
  notify();
}

/** The server no longer accepts the token: whoever signs in next starts without this session's reads. */
export function discardToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(QUERY_CACHE_KEY);
  notify();
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToSession, readToken);
}

export interface PrintJob {
  kind: string;
  data: unknown;
}

/**
 * The print job of this window. The slot in local storage only carries a job from the window
 * that stores it to the window it opens: the new window takes it out as it loads and keeps it
 * in its own session storage (which survives its reloads). So a second job printed meanwhile
 * never changes a print window already open, and a job never lingers to turn the next start
 * of the app into a print view. The window that stores a job, and other open tabs, stay as they are.
 */
function takePrintJob(): string | null {
  const handedOver = localStorage.getItem(PRINT_KEY);
  if (handedOver !== null) {
    sessionStorage.setItem(PRINT_KEY, handedOver);
    localStorage.removeItem(PRINT_KEY);
  }
  return sessionStorage.getItem(PRINT_KEY);
}

let windowPrintJob: string | null = typeof localStorage !== 'undefined' ? takePrintJob() : null;

export function usePrintJob(): PrintJob | null {
  const raw = useSyncExternalStore(subscribeToSession, () => windowPrintJob);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'kind' in parsed && typeof parsed.kind === 'string') {
      return { kind: parsed.kind, data: 'data' in parsed ? parsed.data : null };
    }
  } catch {
    // Unreadable print data is treated as a job no view can show.
  }
  return { kind: 'desconocido', data: null };
}

function storePrintJob(job: PrintJob): void {
  const value = JSON.stringify(job);
  try {
    localStorage.setItem(PRINT_KEY, value);
  } catch {
    // Storage full: the kept answers are a cache and give way to the print.
    localStorage.removeItem(QUERY_CACHE_KEY);
    localStorage.setItem(PRINT_KEY, value);
  }
}

/**
 * Stores a print job and opens the root in a new window, which shows its print view (spec §2).
 * False when the browser blocked the window: then nothing is left stored.
 */
export function openPrintWindow(job: PrintJob): boolean {
  storePrintJob(job);
  if (window.open('/', '_blank')) return true;
  localStorage.removeItem(PRINT_KEY);
  return false;
}

/** The browser refused to open the print window (a pop-up blocker). */
export class PrintBlockedError extends Error {
  constructor() {
    super(printMessages.blocked);
  }
}

/**
 * For a job whose data is read first: the window opens at once, while the click still allows
 * pop-ups, and loads the app once the job is stored. Throws PrintBlockedError when blocked.
 */
export async function openPrintWindowAfter(load: () => Promise<PrintJob>): Promise<void> {
  const opened = window.open('', '_blank');
  if (!opened) throw new PrintBlockedError();
  try {
    storePrintJob(await load());
  } catch (error) {
    opened.close();
    throw error;
  }
  opened.location.href = '/';
}

export function clearPrintJob(): void {
  windowPrintJob = null;
  sessionStorage.removeItem(PRINT_KEY);
  notify();
}
