import { useEffect, useSyncExternalStore } from 'react';
import { brandColorProperties } from '../../domain/brand';
import { DEPLOYMENTS, DEPLOYMENT_IDS, deploymentSchema, type Deployment, type DeploymentId } from '../../domain/deployment';
import { apiRequest } from '../lib/api';

/**
 * The deployment profile from the server, kept in local storage for offline starts.
 * Until the first answer arrives, the profile the page was served for (server/pwa-html.ts
 * marks it on <html>) is shown, so a first visit never shows the other brand. It is read
 * before sign-in (login branding), so it does not depend on the query cache of the shell.
 */
const STORAGE_KEY = 'deployment';
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
/** The title a view gives its window (useDocumentTitle); the brand's otherwise. */
let ownTitle: string | null = null;
/** The brand's title, back in the window when a view with its own title closes. */
let brandTitle: string | null = null;

function readCached(): string | null {
  return localStorage.getItem(STORAGE_KEY);
}

function servedFor(): Deployment {
  const id = document.documentElement.dataset.deployment;
  return DEPLOYMENT_IDS.includes(id as DeploymentId) ? DEPLOYMENTS[id as DeploymentId] : DEPLOYMENTS.frutas;
}

// Parsed once per stored value: every screen reads the profile on every render.
let parsed: { raw: string | null; deployment: Deployment } | null = null;

function parseCached(raw: string | null): Deployment {
  if (parsed?.raw === raw) return parsed.deployment;
  let deployment = servedFor();
  try {
    if (raw !== null) deployment = deploymentSchema.parse(JSON.parse(raw));
  } catch {
    // A stored profile of an older shape: the one the page was served for until the server answers.
  }
  parsed = { raw, deployment };
  return deployment;
}

/** Reads the profile again (after the business changed its identity, or at a screen's start). */
export function refreshDeployment(): Promise<void> {
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
    void refreshDeployment();
  }, []);
  useEffect(() => {
    // A view's own title stays: its effect runs before this one (a child's before its parent's).
    brandTitle = deployment.identity.brand;
    document.title = ownTitle ?? brandTitle;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', deployment.identity.themeColor);
    for (const [name, value] of Object.entries(brandColorProperties(deployment.identity))) {
      document.documentElement.style.setProperty(name, value);
    }
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
      if (brandTitle !== null) document.title = brandTitle;
    };
  }, [title]);
}
