import type * as z from 'zod/mini';
import type { syncCustomerSchema, syncDriverSchema, syncItemSchema, syncVehicleSchema } from '../domain/schemas/sync';

export type SyncVehicle = z.infer<typeof syncVehicleSchema>;
export type SyncDriver = z.infer<typeof syncDriverSchema>;
export type SyncItem = z.infer<typeof syncItemSchema>;

export type SyncCustomer = z.infer<typeof syncCustomerSchema>;

/** How the engine reaches the server: `fetch` with the API's base address ('' in the browser). */
export interface Transport {
  baseUrl: string;
  fetch: typeof fetch;
}
