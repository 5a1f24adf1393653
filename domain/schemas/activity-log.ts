import * as z from 'zod/mini';

const int = z.int();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);

/**
 * One row of the activity log as GET /api/v2/logs answers it: who changed what,
 * when and from where. `before` and `after` are the row's fields (on an update, only those
 * that changed); rows logged by the product before version 4.35 carry neither.
 */
export const activityLogRowSchema = z.object({
  id: int,
  created_at: str,
  user_id: opt(int),
  user_name: opt(str),
  action: str,
  entity: str,
  entity_id: opt(int),
  route: opt(str),
  device: opt(str),
  ip: opt(str),
  request_id: opt(str),
  before: opt(z.record(str, z.unknown())),
  after: opt(z.record(str, z.unknown())),
});
export type ActivityLogRow = z.infer<typeof activityLogRowSchema>;

export const activityLogPageSchema = z.object({ data: z.array(activityLogRowSchema), meta: z.object({ total: int }) });

/** Columns GET /api/v2/logs sorts by. */
export const ACTIVITY_LOG_SORT_COLUMNS = ['created_at'] as const;
export type ActivityLogSortColumn = (typeof ACTIVITY_LOG_SORT_COLUMNS)[number];
