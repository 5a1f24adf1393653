import { z } from 'zod';
import { apiMessages } from '../../domain/messages/api';

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: apiMessages.notFound })
    .int(apiMessages.notFound)
    .positive(apiMessages.notFound)
    .max(2_147_483_647, apiMessages.notFound),
});
