import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { adminCommandMessages as text, setupMessages } from '../../domain/messages/setup';
import { firstAdministratorSchema } from '../../domain/schemas/setup';
import type { Db } from '../db/client';
import { branches, users } from '../db/schema';
import { createAdministrator, resetToTemporaryPassword, temporaryPassword } from './administrators';

export interface CommandResult {
  output: string;
  exitCode: number;
}

/**
 * `npm run admin -- …`, for whoever runs the server: an administrator made from the shell
 * (the first one is user 1, as 'Configuración inicial' makes it), and a forgotten password
 * replaced by a temporary one (the person's sessions end). Nothing here needs the app running.
 */
export async function runAdminCommand(db: Db, argv: readonly string[]): Promise<CommandResult> {
  const [command, ...rest] = argv;
  if (command === 'create-admin') return createAdmin(db, rest);
  if (command === 'reset-password' && rest.length === 1) return resetPassword(db, rest[0]!);
  return { output: text.usage, exitCode: 2 };
}

async function createAdmin(db: Db, args: string[]): Promise<CommandResult> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: 'string' }, name: { type: 'string' }, last: { type: 'string' }, password: { type: 'string' } },
    }));
  } catch {
    return { output: text.usage, exitCode: 2 };
  }
  const password = values.password ?? temporaryPassword();
  const parsed = firstAdministratorSchema.safeParse({ name: values.name, last: values.last, email: values.email, password });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { output: `${String(issue?.path[0] ?? '')}: ${issue?.message ?? setupMessages.required}\n${text.usage}`, exitCode: 2 };
  }
  const admin = parsed.data;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, admin.email));
  if (existing) return { output: text.exists(admin.email), exitCode: 1 };
  await db.transaction(async (tx) => {
    const [branch] = await tx.select({ id: branches.id }).from(branches).orderBy(branches.id).limit(1);
    await createAdministrator(tx as unknown as Db, { ...admin, branchId: branch?.id ?? null });
  });
  const lines = [text.created(admin.email)];
  if (values.password === undefined) lines.push(text.temporaryPassword(admin.email, password));
  return { output: lines.join('\n'), exitCode: 0 };
}

async function resetPassword(db: Db, email: string): Promise<CommandResult> {
  const address = email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, address));
  if (!user) return { output: text.notFound(address), exitCode: 1 };
  const password = await db.transaction((tx) => resetToTemporaryPassword(tx as unknown as Db, { id: user.id, email: address }));
  return { output: text.temporaryPassword(address, password), exitCode: 0 };
}
