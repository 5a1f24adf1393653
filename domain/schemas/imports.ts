import * as z from 'zod/mini';

/** One problem of a file: the spreadsheet's row number (the header is row 1 or below) and the column as the file names it. */
export const importErrorSchema = z.object({ row: z.nullable(z.int()), column: z.nullable(z.string()), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/**
 * What POST /api/v2/imports/{kind}/preview answers (and the import itself once written): how
 * the file's columns were read, what each row would do, the totals, and every error by row
 * and column (the first 200 listed, all counted).
 */
export const importPreviewSchema = z.object({
  kind: z.string(),
  file: z.string(),
  columns: z.array(z.object({ header: z.string(), field: z.nullable(z.string()) })),
  rows: z.int(),
  create: z.int(),
  update: z.int(),
  unchanged: z.int(),
  totals: z.array(z.object({ label: z.string(), value: z.number(), money: z.boolean() })),
  errors: z.array(importErrorSchema),
  error_count: z.int(),
  written: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
