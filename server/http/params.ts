import { z } from 'zod';
import { messages } from '../../domain/messages';

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: messages.api.notFound })
    .int(messages.api.notFound)
    .positive(messages.api.notFound)
    .max(2_147_483_647, messages.api.notFound),
});
