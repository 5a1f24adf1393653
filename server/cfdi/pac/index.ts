import type { Pac } from './pac';
import { createSwPac } from './sw';

export type { CancelRequest, CancelResult, CancelState, Pac, StampResult, StatusQuery, StatusResult } from './pac';
export { PacError } from './pac';

export interface PacConfig {
  /** PAC_PROVIDER: which PAC's API to speak; null when invoicing has no PAC. */
  provider: 'sw' | null;
  /** PAC_URL: the PAC's service (its test or production address, or a fake PAC in tests). */
  url: string | null;
  user?: string;
  password?: string;
  token?: string;
  /** SW: the SAT's status service, when not the default for `url` (sw.ts defaultStatusUrl). */
  statusUrl?: string;
  timeoutMs?: number;
}

/**
 * The configured PAC, or null when none is: the screens then say what is missing instead of
 * failing. The account (user and password, or a token) may be missing here: the PAC refuses the
 * first call with a PacError that says so, as the account is set in 'Facturación', not at start.
 */
export function pacFromConfig(config: PacConfig): Pac | null {
  if (!config.provider || !config.url) return null;
  switch (config.provider) {
    case 'sw':
      return createSwPac({
        url: config.url,
        user: config.user,
        password: config.password,
        token: config.token,
        statusUrl: config.statusUrl,
        timeoutMs: config.timeoutMs,
      });
  }
}
