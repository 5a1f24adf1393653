import { z } from 'zod';

export const noteSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  author: z.object({ name: z.string(), last: z.string() }).nullable(),
  title: z.string(),
  body: z.string(),
  seen: z.boolean(),
  created_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListSchema = z.object({ data: z.array(noteSchema) });

export const noteSeenPatchSchema = z.object({ seen: z.literal(true) }).strict();
