import { useSyncExternalStore } from 'react';

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

function subscribe(listener: () => void): () => void {
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

export function discardToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  notify();
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readToken);
}

export interface PrintJob {
  kind: string;
  data: unknown;
}

function readPrintJob(): string | null {
  return localStorage.getItem(PRINT_KEY);
}

/**
 * A window shows a print view only when print data was there as it loaded: the window
 * opened to print. The window that stores a job, and other open tabs, stay as they are.
 */
const openedToPrint = typeof localStorage !== 'undefined' && readPrintJob() !== null;

export function usePrintJob(): PrintJob | null {
  const raw = useSyncExternalStore(subscribe, readPrintJob);
  if (raw === null || !openedToPrint) return null;
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

/** Stores a print job and opens the root in a new window, which shows its print view (spec §2). */
export function openPrintWindow(job: PrintJob): void {
  const value = JSON.stringify(job);
  try {
    localStorage.setItem(PRINT_KEY, value);
  } catch {
    // Storage full: the kept answers are a cache and give way to the print.
    localStorage.removeItem(QUERY_CACHE_KEY);
    localStorage.setItem(PRINT_KEY, value);
  }
  window.open('/', '_blank');
}

export function clearPrintJob(): void {
  localStorage.removeItem(PRINT_KEY);
  notify();
}
