import * as z from 'zod/mini';
import { peopleMessages } from '../messages/people';
import { PERMISSIONS } from '../permissions';
import { firstAdministratorSchema } from './setup';
import { CONTROL_CHARACTERS } from './customers';

/**
 * 'Usuarios' and 'Roles': a person as the list and the form read them, and what the form
 * and POST/PUT /api/v2/users and /api/v2/roles take. Lengths follow server/db/schema/people.ts.
 */

const text = peopleMessages;
const int = z.int();
const printable = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), text.required);
const optionalText = (max: number) =>
  z.pipe(
    z._default(z.nullable(z.string().check(z.trim(), z.maxLength(max, text.tooLong(max)), printable)), null),
    z.transform((value: string | null) => (value === '' ? null : value)),
  );
const optionalId = z._default(z.nullable(z.int().check(z.positive())), null);
const permissionList = z._default(
  z.array(z.enum(PERMISSIONS, { error: text.unknownPermission })).check(z.maxLength(PERMISSIONS.length)),
  [],
);

/** A person as 'Usuarios' lists and opens them; `permissions` are their own, beyond the role's. */
export const personSchema = z.object({
  id: int,
  name: z.string(),
  last: z.string(),
  email: z.string(),
  role_id: z.nullable(int),
  role: z.nullable(z.string()),
  role_permissions: z.array(z.string()),
  permissions: z.array(z.string()),
  job_position_id: z.nullable(int),
  job_position: z.nullable(z.string()),
  sub_job_position: z.nullable(z.string()),
  branch_id: z.nullable(int),
  branch: z.nullable(z.string()),
  active: z.boolean(),
  /** Signs in with a temporary password, to be changed at once. */
  temporary_credentials: z.boolean(),
  last_sign_in_at: z.nullable(z.string()),
});
export type Person = z.infer<typeof personSchema>;

export const personPageSchema = z.object({ data: z.array(personSchema), meta: z.object({ total: int }) });

/** GET /api/v2/users sorts by these. */
export const PERSON_SORTS = ['name', 'email', 'last_sign_in_at'] as const;
export type PersonSortColumn = (typeof PERSON_SORTS)[number];

/** POST and PUT /api/v2/users: the person without a password (a new one gets a temporary one). */
export const personInputSchema = z.object({
  name: firstAdministratorSchema.shape.name,
  last: firstAdministratorSchema.shape.last,
  email: firstAdministratorSchema.shape.email,
  role_id: z.int({ error: text.required }).check(z.positive({ error: text.required })),
  job_position_id: optionalId,
  sub_job_position: optionalText(120),
  branch_id: optionalId,
  permissions: permissionList,
});
export type PersonInput = z.infer<typeof personInputSchema>;

/** A new person or a reset password: the temporary password, shown once to whoever made it. */
export const temporaryPasswordSchema = z.object({ person: personSchema, temporary_password: z.string() });

/** POST and PUT /api/v2/roles. */
export const roleInputSchema = z.object({
  name: z
    .string({ error: text.required })
    .check(z.trim(), z.minLength(1, { error: text.required, abort: true }), z.maxLength(200, text.tooLong(200)), printable),
  permissions: permissionList,
});
export type RoleInput = z.infer<typeof roleInputSchema>;
