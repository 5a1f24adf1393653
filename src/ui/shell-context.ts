import { createContext, useContext } from 'react';
import type { Deployment } from '../../domain/deployment';
import type { CurrentUser } from '../../domain/schemas/auth';

export interface ShellState {
  user: CurrentUser;
  deployment: Deployment;
  hasMenu: boolean;
}

export const ShellContext = createContext<ShellState | null>(null);

/** The signed-in user and deployment, for screens inside the shell. */
export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell is only available inside the app shell');
  return state;
}
