import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { IMPORT_KINDS, IMPORT_PERMISSION, type ImportKind } from '../../domain/import-kinds';
import { IMPORT_COLUMNS, IMPORT_LIMITS, matchColumns } from '../../domain/imports';
import { importMessages } from '../../domain/messages/imports';
import { importPreviewSchema, type ImportPreview } from '../../domain/schemas/imports';
import { monterreyDateOffset } from '../../domain/time';
import { isEmbedded, type Db } from '../db/client';
import { HttpError, parseInput } from '../http-errors';
import { attachmentDisposition } from '../http/attachment';
import { guardedRoutes, type RouteSpec, type RouteTable } from '../http/route-table';
import { currentUser, permission } from '../plugins/auth';
import { idempotencyKeyOf, runMutation } from '../plugins/idempotency';
import { balancesImport } from '../imports/balances';
import { customersImport } from '../imports/customers';
import type { FileRow, ImportKindHandler, ImportWriter } from '../imports/import-kind';
import { productsImport } from '../imports/products';
import { readImportFile } from '../imports/read-file';
import { stockImport } from '../imports/stock';
import { importWorkbook } from '../imports/workbook';

const text = importMessages;
// Every kind's plan is a list of entries each written on its own, so a plan can be written in parts.
const HANDLERS: Record<ImportKind, ImportKindHandler<unknown[]>> = {
  customers: customersImport as ImportKindHandler<unknown[]>,
  products: productsImport as ImportKindHandler<unknown[]>,
  stock: stockImport as ImportKindHandler<unknown[]>,
  balances: balancesImport as ImportKindHandler<unknown[]>,
};
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILE_TYPE = 'application/octet-stream';

/** The query of an upload: the file's name (for the log and the answer) and the columns the person mapped. */
const uploadQuerySchema = z.object({
  file: z.string().check(z.trim(), z.minLength(1, text.fileName), z.maxLength(200, text.fileName)),
  columns: z._default(z.string().check(z.maxLength(8_000, text.badColumns)), '{}'),
});
const columnsSchema = z.record(z.string().check(z.maxLength(200)), z.string().check(z.maxLength(40)));

function routesOf(kind: ImportKind): RouteTable {
  const access = permission(IMPORT_PERMISSION[kind]);
  const name = text.kinds[kind];
  return {
    [`GET /api/v2/imports/${kind}/template`]: {
      access,
      summary: `Plantilla .xlsx para importar ${name}, con sus instrucciones`,
      file: XLSX_TYPE,
    },
    [`GET /api/v2/imports/${kind}/export`]: {
      access,
      summary: `${name} registrados, en el formato de la plantilla (.xlsx)`,
      file: XLSX_TYPE,
    },
    [`POST /api/v2/imports/${kind}/preview`]: {
      access,
      summary: `Revisar un archivo de ${name} (.xlsx o .csv, hasta 20 MB, en el cuerpo) sin guardar nada; ?file=nombre&columns={"encabezado":"campo"}`,
      response: importPreviewSchema,
      status: 200,
    },
    [`POST /api/v2/imports/${kind}`]: {
      access,
      summary: `Importar ${name} en una transacción, solo si todo el archivo es válido (Idempotency-Key obligatoria); 422 con los errores si no`,
      response: importPreviewSchema,
      status: 200,
    },
  } satisfies Record<string, RouteSpec>;
}

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
type ImportRouteKey =
  | `GET /api/v2/imports/${ImportKind}/template`
  | `GET /api/v2/imports/${ImportKind}/export`
  | `POST /api/v2/imports/${ImportKind}/preview`
  | `POST /api/v2/imports/${ImportKind}`;
export const IMPORTS_ROUTES = Object.assign({}, ...IMPORT_KINDS.map(routesOf)) as Record<ImportRouteKey, RouteSpec>;
const guardedRoute = guardedRoutes(IMPORTS_ROUTES);

interface ReadFile {
  name: string;
  hash: string;
  headers: string[];
  fields: (string | null)[];
  rows: FileRow[];
}

/** The uploaded file read into rows keyed by field, with the person's column choices applied. */
async function readUpload(kind: ImportKind, request: FastifyRequest): Promise<ReadFile> {
  const query = parseInput(uploadQuerySchema, request.query, 400);
  let chosen: Record<string, string>;
  try {
    chosen = parseInput(columnsSchema, JSON.parse(query.columns), 400);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, text.badColumns);
  }
  if (!Buffer.isBuffer(request.body)) throw new HttpError(415, text.fileUnreadable);
  const bytes = request.body;
  const sheet = await readImportFile(bytes);
  const [header, ...data] = sheet.rows;
  if (!header || header.every((cell) => cell === null)) throw new HttpError(422, text.noHeader);
  if (data.length === 0) throw new HttpError(422, text.noRows);
  const headers = header.map((cell, index) => (cell === null ? `(${index + 1})` : String(cell).trim()));
  const fields = matchColumns(kind, headers, chosen);
  const at = new Map(fields.flatMap((field, index) => (field === null ? [] : [[field, index] as const])));
  const numbers = sheet.numbers.slice(1);
  const rows = data.map((cells, index): FileRow => ({
    number: numbers[index]!,
    cell: (field) => {
      const position = at.get(field);
      return position === undefined ? null : (cells[position] ?? null);
    },
    has: (field) => at.has(field),
  }));
  const hash = createHash('sha256')
    .update(bytes)
    .update(`\n${kind}\n${query.file}\n${JSON.stringify(chosen)}`)
    .digest('hex');
  return { name: query.file, hash, headers, fields, rows };
}

/** Checks the whole file and says, in the file's own column names, what it would do and what is wrong. */
async function checkFile(db: Db, kind: ImportKind, file: ReadFile) {
  const handler = HANDLERS[kind];
  const result = await handler.check(db, file.rows);
  const headerOf = (field: string | null) => {
    if (field === null) return null;
    const index = file.fields.indexOf(field);
    return index >= 0 ? file.headers[index]! : (IMPORT_COLUMNS[kind].find((col) => col.key === field)?.header ?? field);
  };
  const missing = IMPORT_COLUMNS[kind].filter((col) => col.required && !file.fields.includes(col.key));
  const errors = [
    ...missing.map((col) => ({ row: null, column: col.header, message: text.missingRequired(col.header) })),
    ...result.issues
      .sort((a, b) => a.row - b.row)
      .map((issue) => ({ row: issue.row, column: headerOf(issue.field), message: issue.message })),
  ];
  const preview: ImportPreview = {
    kind,
    file: file.name,
    columns: file.headers.map((header, index) => ({ header, field: file.fields[index] ?? null })),
    rows: file.rows.length,
    create: result.create,
    update: result.update,
    unchanged: result.unchanged,
    totals: result.totals,
    errors: errors.slice(0, IMPORT_LIMITS.errorsShown),
    error_count: errors.length,
    written: false,
  };
  return { preview, plan: result.plan };
}

const refused = (preview: ImportPreview) => ({ status: 422, body: { ...preview, message: text.hasErrors } });

/** Runs `write` with the per-row Bitácora switched off: the import's one entry (`written`) stands for its rows. */
async function withoutRowLog(tx: Db, write: () => Promise<void>): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.actor', '', true)`);
  await write();
}

/** The one Bitácora entry for the file and its counts, under the request's actor (before `withoutRowLog`); the answer of a written file. */
async function written(tx: Db, handler: ImportKindHandler<unknown[]>, preview: ImportPreview, userId: number, name: string) {
  const counts = {
    archivo: name,
    filas: preview.rows,
    nuevos: preview.create,
    actualizados: preview.update,
    sin_cambios: preview.unchanged,
  };
  await tx.execute(sql`INSERT INTO logs (user_id, action, entity, route, device, ip, request_id, after)
    SELECT ${userId}, 'import', ${handler.entity}, a ->> 'route', left(a ->> 'device', 200), a ->> 'ip', a ->> 'request_id', ${JSON.stringify(counts)}::jsonb
    FROM (SELECT nullif(current_setting('app.actor', true), '')::jsonb AS a) actor`);
  return { status: 200, body: { ...preview, written: true } };
}

/** The entries of a plan each transaction writes on the embedded database: some tens of milliseconds of its one connection. */
const ENTRIES_PER_PART = 100;

/**
 * A checked plan written a part at a time, each in its own transaction, yielding between them so
 * that the requests waiting for the embedded database's connection run. Should it stop half way,
 * importing the file again writes what is missing: each kind finds what is already written.
 */
async function writeInParts(db: Db, handler: ImportKindHandler<unknown[]>, plan: unknown[], writer: ImportWriter): Promise<void> {
  for (let start = 0; start < plan.length; start += ENTRIES_PER_PART) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await withoutRowLog(tx, () => handler.write(tx, plan.slice(start, start + ENTRIES_PER_PART), writer));
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const importing = new Map<ImportKind, Promise<unknown>>();
/** One import of a kind at a time in this process (the embedded database's only one): two would both find a customer missing and add it twice. */
async function oneImportOf<T>(kind: ImportKind, work: () => Promise<T>): Promise<T> {
  const mine = (importing.get(kind) ?? Promise.resolve()).catch(() => undefined).then(work);
  importing.set(kind, mine);
  try {
    return await mine;
  } finally {
    if (importing.get(kind) === mine) importing.delete(kind);
  }
}

/**
 * 'Importar' (customers, products, opening stock, opening balances): a template per kind, the stored data in its format, a
 * preview that checks the whole file and writes nothing, and the import, which checks again
 * inside its transaction and writes only a clean file, once per Idempotency-Key. The file is
 * the request's body (at most 20 MB); it is read on the server, never by the browser.
 */
export function importRoutes(app: FastifyInstance, db: Db): void {
  app.register(async (scope) => {
    // A file over the limit is refused by its size before it is read: with the import's own words, not a bad request's.
    scope.setErrorHandler((error: FastifyError) => {
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new HttpError(413, text.fileTooLarge) : error;
    });
    scope.addContentTypeParser(FILE_TYPE, { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.bytes }, (_request, body, done) =>
      done(null, body),
    );
    for (const kind of IMPORT_KINDS) {
      const handler = HANDLERS[kind];
      guardedRoute(scope, `GET /api/v2/imports/${kind}/template`, async (_request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachmentDisposition(`Plantilla ${text.kinds[kind]}.xlsx`))
          .send(await importWorkbook(kind, [])),
      );
      guardedRoute(scope, `GET /api/v2/imports/${kind}/export`, async (_request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachmentDisposition(`${text.kinds[kind]} ${monterreyDateOffset(new Date(), 0)}.xlsx`))
          .header('cache-control', 'private, no-store')
          .send(await importWorkbook(kind, await handler.exportRows(db))),
      );
      guardedRoute(
        scope,
        `POST /api/v2/imports/${kind}/preview`,
        async (request) => (await checkFile(db, kind, await readUpload(kind, request))).preview,
        { acceptsQuery: true, bodyLimit: IMPORT_LIMITS.bytes },
      );
      guardedRoute(
        scope,
        `POST /api/v2/imports/${kind}`,
        async (request, reply) => {
          const file = await readUpload(kind, request);
          const user = currentUser(request);
          const writer = { userId: user.id, file: file.name };
          if (!isEmbedded(db))
            return runMutation(
              db,
              request,
              reply,
              async (tx) => {
                // One import of a kind at a time: two would both find a customer missing and add it twice.
                await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`imports.${kind}`}))`);
                const { preview, plan } = await checkFile(tx, kind, file);
                if (preview.error_count > 0) return refused(preview);
                const answer = await written(tx, handler, preview, user.id, file.name);
                await withoutRowLog(tx, () => handler.write(tx, plan, writer));
                return answer;
              },
              { keyRequired: true, requestHash: file.hash },
            );
          return oneImportOf(kind, async () => {
            // The embedded database is one connection: a transaction writing a whole file would keep
            // every other request waiting for seconds. The file is checked whole first, as the preview
            // does, then written in parts of a transaction each, the others' requests running between.
            const { taken } = await idempotencyKeyOf(db, request);
            const checked = taken ? null : await checkFile(db, kind, file);
            if (checked && checked.preview.error_count === 0) await writeInParts(db, handler, checked.plan, writer);
            return runMutation(
              db,
              request,
              reply,
              async (tx) => {
                // Only a key taken by another request since it was looked at gets here unchecked.
                const { preview, plan } = checked ?? (await checkFile(tx, kind, file));
                if (preview.error_count > 0) return refused(preview);
                const answer = await written(tx, handler, preview, user.id, file.name);
                if (!checked) await withoutRowLog(tx, () => handler.write(tx, plan, writer));
                return answer;
              },
              { keyRequired: true, requestHash: file.hash },
            );
          });
        },
        { acceptsQuery: true, bodyLimit: IMPORT_LIMITS.bytes },
      );
    }
  });
}
