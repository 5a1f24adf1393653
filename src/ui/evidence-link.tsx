import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { filePassSchema, type FilePass } from '../../domain/schemas/shipping';
import { apiRequest } from '../lib/api';

/** The pass is renewed at two thirds of its life, so a link on screen never carries a dead one. */
const renewAfter = (pass: FilePass | undefined) => ((pass?.expires_in ?? 3600) * 1000 * 2) / 3;

/**
 * The pass that opens evidence in a new tab (which sends no bearer token): one for every link
 * on screen, asked for when the first evidence link shows, never kept across reloads.
 */
export function useFilePass(): string | null {
  const { data } = useQuery({
    queryKey: ['file-pass'],
    queryFn: ({ signal }) => apiRequest('/api/v2/files/pass', { method: 'POST', schema: filePassSchema, signal }),
    staleTime: (query) => renewAfter(query.state.data),
    refetchInterval: (query) => renewAfter(query.state.data),
    meta: { persist: false },
  });
  return data?.pass ?? null;
}

/**
 * A delivery's evidence, opened in a new tab with the pass. Until the pass is here (a moment
 * after the screen opens; never while offline, when the file could not open anyway) it is
 * the plain text.
 */
export function EvidenceLink({ name, children }: { name: string; children: ReactNode }) {
  const pass = useFilePass();
  if (pass === null) return <span>{children}</span>;
  return (
    <a href={`/files/${encodeURIComponent(name)}?pass=${encodeURIComponent(pass)}`} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
