import { createContext, useCallback, useContext } from 'react';
import { commonMessages } from '../../domain/messages/shell';
import type { CommandName, CommandPayloads } from '../../sync/commands';
import type { EvidenceRow, SyncDatabase } from '../../sync/db';
import type { SyncEngine } from '../../sync/engine';
import { CommandRefused } from '../../sync/command-refused';
import type { SyncStatus } from '../../sync/status';

export interface SyncState {
  db: SyncDatabase;
  userId: number;
  /** Null until the engine's code has loaded (its own chunk, after the shell's). */
  engine: SyncEngine | null;
  /** Settles with the engine once it exists; null when its code could not load. */
  engineReady: Promise<SyncEngine | null>;
  status: SyncStatus;
  /** False until the outbox and meta were read once. */
  statusLoaded: boolean;
  online: boolean;
  /** The engine is sending right now. */
  sending: boolean;
}

export const EMPTY_STATUS: SyncStatus = {
  pending: 0,
  oldestPendingAt: null,
  lastError: null,
  authPaused: false,
  rejected: [],
  stuck: [],
  lastPulledAt: null,
  pendingRecords: new Set(),
};

export const SyncContext = createContext<SyncState | null>(null);

function useSyncState(): SyncState {
  const state = useContext(SyncContext);
  if (!state) throw new Error('Sync hooks are only available inside <SyncProvider>');
  return state;
}

export function useSyncDatabase(): SyncDatabase {
  return useSyncState().db;
}

export function useSyncEngine(): SyncEngine | null {
  return useSyncState().engine;
}

/**
 * The engine as a command needs it: waited for when the person acts before its code has loaded
 * (a tap in the first moments of a start), never refused for that.
 */
export function useEngineWhenReady(): () => Promise<SyncEngine | null> {
  const { engineReady } = useSyncState();
  return useCallback(() => engineReady, [engineReady]);
}

/** Pending count, oldest age, last error, rejected rows, online and sending (rule 15). */
export function useSyncStatus(): SyncStatus & { loaded: boolean; online: boolean; sending: boolean } {
  const { status, statusLoaded, online, sending } = useSyncState();
  return { ...status, loaded: statusLoaded, online, sending };
}

/** True while a record ('detail:40', 'shipping:12') has a change the server has not acknowledged. */
export function useIsPending(records: string | readonly string[]): boolean {
  const { status } = useSyncState();
  const keys = typeof records === 'string' ? [records] : records;
  return keys.some((key) => status.pendingRecords.has(key));
}

/**
 * Runs a command; resolves null when it was taken, or the Spanish sentence for the person
 * when it was refused (the engine's own reason, or a storage failure).
 */
export async function runCommand<N extends CommandName>(
  engine: SyncEngine | null,
  name: N,
  payload: CommandPayloads[N],
  evidence?: EvidenceRow,
): Promise<string | null> {
  if (!engine) return commonMessages.genericError;
  try {
    await engine.command(name, payload, evidence);
    return null;
  } catch (error) {
    if (error instanceof CommandRefused) return error.message;
    return commonMessages.genericError;
  }
}

export function useCommand(): <N extends CommandName>(
  name: N,
  payload: CommandPayloads[N],
  evidence?: EvidenceRow,
) => Promise<string | null> {
  const whenEngine = useEngineWhenReady();
  return useCallback(async (name, payload, evidence) => runCommand(await whenEngine(), name, payload, evidence), [whenEngine]);
}
