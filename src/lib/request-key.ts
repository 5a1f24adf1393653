import { useCallback, useMemo, useRef } from 'react';

/**
 * The Idempotency-Key of a direct change (docs/architecture.md): the same while the same change
 * is sent again — a reply lost after the server applied it must not apply it twice — and
 * new once it succeeded or once the person changed what is sent. One slot per kind of change.
 */
export function useRequestKeys(): { keyFor: (kind: string, body: unknown) => string; done: (kind: string) => void } {
  const last = useRef(new Map<string, { body: string; key: string }>());
  const keyFor = useCallback((kind: string, body: unknown) => {
    const json = JSON.stringify(body);
    const previous = last.current.get(kind);
    if (previous?.body === json) return previous.key;
    const key = crypto.randomUUID();
    last.current.set(kind, { body: json, key });
    return key;
  }, []);
  const done = useCallback((kind: string) => void last.current.delete(kind), []);
  return useMemo(() => ({ keyFor, done }), [keyFor, done]);
}
