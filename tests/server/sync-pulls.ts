import { expect } from 'vitest';
import { syncPullSchema, type SyncPull } from '../../domain/schemas/sync';
import { bearer, type TestApp } from './test-app';

/** GET /api/v2/sync/pull as a device asks for it: one page from a cursor, or every page as it follows them. */
export function syncPulls(app: () => TestApp['app']) {
  async function pull(token: string, cursor?: string): Promise<SyncPull> {
    const url = cursor === undefined ? '/api/v2/sync/pull' : `/api/v2/sync/pull?cursor=${encodeURIComponent(cursor)}`;
    const response = await app().inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return syncPullSchema.parse(response.json());
  }

  /** Pulls every page from a cursor, as a device does. */
  async function pullAll(token: string, cursor?: string): Promise<{ pages: SyncPull[]; cursor: string }> {
    const pages: SyncPull[] = [];
    let next = cursor;
    do {
      const page = await pull(token, next);
      pages.push(page);
      next = page.cursor;
    } while (pages.at(-1)!.has_more);
    return { pages, cursor: next! };
  }

  return { pull, pullAll };
}
