import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Database } from '../../server/db/client';
import { login, runScript, startServer } from '../../bench/processes';

interface Place {
  /** DATA_DIR and, on PostgreSQL, DATABASE_URL of a server. */
  env: Record<string, string>;
  dataDir: string;
}

/**
 * A backup taken while the server takes writes, restored into an empty place: every route
 * and evidence file committed before the backup began is there, with the same bytes; the
 * restore refuses to write over data.
 */
export async function backupUnderWrites(
  source: Place,
  target: Place,
  archive: string,
  open: (place: Place) => Promise<Database>,
  /** Where the restore reads the archive (the backup's own copy in the bucket, `s3:NAME`) and the restored evidence. */
  restoredFrom: { from?: string; evidence?: (name: string) => Promise<Buffer> } = {},
): Promise<void> {
  const server = await startServer(source.env);
  let writing = true;
  try {
    const token = await login(server.url, 'oficina@demo.mx');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const createRoute = async (note: string) => {
      const response = await fetch(`${server.url}/api/v1/shipping/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ date: '2026-11-23', note }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const committed = new Map<number, string>();
    for (let i = 0; i < 15; i++) {
      const note = `Antes del respaldo ${randomUUID()}`;
      committed.set(await createRoute(note), note);
    }
    const evidence = new Map<string, Buffer>();
    for (let i = 0; i < 2; i++) {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000), Buffer.from('\n%%EOF\n')]);
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'entrega.pdf');
      const response = await fetch(`${server.url}/api/v1/shipping_detail/files/`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
        body: form,
      });
      expect(response.status).toBe(201);
      evidence.set(((await response.json()) as { file: string }).file, bytes);
    }
    // Writes go on while the copy is taken.
    const during = (async () => {
      let n = 0;
      while (writing) await createRoute(`Durante el respaldo ${(n += 1)}`);
      return n;
    })();
    const backup = await runScript('backup.ts', [archive], { ...source.env, PORT: String(server.port) });
    writing = false;
    expect(await during).toBeGreaterThan(0);
    expect(backup.output).toContain('Respaldo escrito');
    expect(backup.code).toBe(0);
    await server.stop();

    const restore = await runScript('restore.ts', [restoredFrom.from ?? archive], target.env);
    expect(restore.output).toContain('restaurado');
    expect(restore.code).toBe(0);
    const again = await runScript('restore.ts', [restoredFrom.from ?? archive], target.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      /restaure en un directorio de datos vacío|restaure en una base vacía|restaure en un lugar vacío del bucket/,
    );

    const restored = await open(target);
    try {
      const { rows } = (await restored.db.execute(
        `SELECT id, note FROM shippings WHERE note LIKE 'Antes del respaldo %'` as never,
      )) as unknown as { rows: { id: number; note: string }[] };
      expect(new Map(rows.map((row) => [row.id, row.note]))).toEqual(committed);
    } finally {
      await restored.close();
    }
    const read = restoredFrom.evidence ?? ((name: string) => readFile(path.join(target.dataDir, 'files', name)));
    for (const [name, bytes] of evidence) expect((await read(name)).equals(bytes)).toBe(true);
  } finally {
    writing = false;
    await server.stop();
  }
}
