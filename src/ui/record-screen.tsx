import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { AppLink } from './app-link';
import { QueryStatus } from './query-status';
import { ScreenPage, useScreenPlace, type ScreenPageProps } from './screen-chrome';

/** The record's id in the address (`/sales/:sale_id` → 'sale_id'): a whole number, or null when the address names none. */
export function useRecordId(param: string): number | null {
  const value = useScreenPlace().params[param];
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/** A record's read is not asked again once the server said it does not exist: asking again would only delay the message. */
export const retryUnlessNotFound = (count: number, error: Error) => !(error instanceof ApiError && error.status === 404) && count < 2;

/** Whether the record the address names does not exist: no id in it, or the server answered 404 with nothing cached. */
export function isNotFound(id: number | null, query: Pick<UseQueryResult, 'error' | 'data'>): boolean {
  return id === null || (query.error instanceof ApiError && query.error.status === 404 && query.data === undefined);
}

export interface NotFound {
  /** 'Venta no encontrada', as the title and as the alert. */
  message: string;
  /** The way back: the list the record belongs to. */
  back: { href: string; label: string };
}

/**
 * The page of one record (a sale, a customer, a purchase order): its title, the read's
 * loading and failure, the not-found with its way back, and the record once read. A new
 * record page is its read and what it shows of the record.
 */
export function RecordScreen<T>({
  id,
  query,
  title,
  notFound,
  layout,
  overlays,
  loading,
  children,
}: {
  id: number | null;
  query: UseQueryResult<T>;
  /** The title once read, or while reading. */
  title: (record: T | undefined) => string;
  notFound: NotFound;
  layout?: ScreenPageProps['layout'];
  overlays?: ReactNode;
  /** What the page says while reading ('Cargando…' unless the record names itself). */
  loading?: string;
  children: (record: T) => ReactNode;
}) {
  const missing = isNotFound(id, query);
  return (
    <ScreenPage title={missing ? notFound.message : title(query.data)} layout={layout} overlays={missing ? undefined : overlays}>
      {missing ? (
        <RecordNotFound {...notFound} />
      ) : query.data !== undefined ? (
        children(query.data)
      ) : (
        <QueryStatus query={query} loading={loading} />
      )}
    </ScreenPage>
  );
}

/** 'No encontrado' with the way back to the record's list. */
export function RecordNotFound({ message, back }: NotFound) {
  return (
    <div className="centered" role="alert">
      <p>{message}</p>
      <AppLink href={back.href} className="outline-button">
        {back.label}
      </AppLink>
    </div>
  );
}
