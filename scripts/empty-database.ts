// The embedded database of a new installation, migrated and empty, written as PGlite's dump
// (`node --import tsx scripts/empty-database.ts FILE`): the compiled server starts from it
// instead of creating and migrating one (server/db/client.ts), seconds faster on its first start.
import { writeFile } from 'node:fs/promises';
import { openDatabase } from '../server/db/client';

const file = process.argv[2];
if (!file) throw new Error('Uso: node --import tsx scripts/empty-database.ts ARCHIVO');
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await database.migrate();
await writeFile(file, Buffer.from(await (await database.snapshot()!).arrayBuffer()));
await database.close();
