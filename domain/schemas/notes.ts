import * as z from 'zod/mini';

export const noteSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  author: z.nullable(z.object({ name: z.string(), last: z.string() })),
  title: z.string(),
  body: z.string(),
  seen: z.boolean(),
  created_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListSchema = z.object({ data: z.array(noteSchema) });

export const noteSeenPatchSchema = z.strictObject({ seen: z.literal(true) });
export const noteSeenResponseSchema = z.object({ id: z.int(), seen: z.literal(true) });
