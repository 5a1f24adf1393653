import { useEffect, useSyncExternalStore } from 'react';
import { DEPLOYMENTS, deploymentSchema, type Deployment } from '../../domain/deployment';
import { apiRequest } from '../lib/api';

/**
 * The deployment profile from the server, kept in local storage for offline starts.
 * Until the first answer arrives the default profile's branding is shown. It is read
 * before sign-in (login branding), so it does not depend on the query cache of the shell.
 */
const STORAGE_KEY = 'deployment';
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
/** The title a view gives its window (useDocumentTitle); the brand's otherwise. */
let ownTitle: string | null = null;

function readCached(): string | null {
  return localStorage.getItem(STORAGE_KEY);
}

function parseCached(raw: string | null): Deployment {
  if (raw === null) return DEPLOYMENTS.frutas;
  try {
    return deploymentSchema.parse(JSON.parse(raw));
  } catch {
    return DEPLOYMENTS.frutas;
  }
}

function refresh(): Promise<void> {
  inFlight ??= apiRequest('/api/v2/deployment', { schema: deploymentSchema })
    .then((deployment) => {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(deployment));
      listeners.forEach((listener) => listener());
    })
    // Offline: the cached (or default) profile stays in use.
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDeployment(): Deployment {
  const raw = useSyncExternalStore(subscribe, readCached);
  const deployment = parseCached(raw);
  useEffect(() => {
    void refresh();
  }, []);
  useEffect(() => {
    // A view's own title stays: its effect runs before this one (a child's before its parent's),
    // and this one runs again whenever the profile is read.
    document.title = ownTitle ?? deployment.identity.brand;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', deployment.identity.themeColor);
    document.documentElement.style.setProperty('--brand-color', deployment.identity.themeColor);
  }, [deployment]);
  return deployment;
}

/**
 * Gives the window `title` while the calling view is shown, over the brand's: a print
 * view's title is the file name the browser offers for 'Guardar como PDF'.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    ownTitle = title;
    document.title = title;
    return () => {
      ownTitle = null;
    };
  }, [title]);
}
