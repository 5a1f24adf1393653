import { commonMessages } from '../../domain/messages/shell';
import { getErrorMessage } from '../lib/api';

interface ShownQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A read's loading and failure, the same on every screen: 'Cargando…' while it has nothing
 * yet, and the server's message with 'Reintentar' when it failed with nothing to show.
 * Plain elements: it is what a screen draws first.
 */
export function QueryStatus({ query, loading = commonMessages.loading }: { query: ShownQuery; loading?: string }) {
  if (query.isPending)
    return (
      <div className="centered" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{loading}</span>
      </div>
    );
  if (query.isError && !query.data)
    return (
      <div className="centered" role="alert">
        <p className="field__error">{getErrorMessage(query.error)}</p>
        <button type="button" className="button-primary button-primary--padded" onClick={() => void query.refetch()}>
          {commonMessages.retry}
        </button>
      </div>
    );
  return null;
}
