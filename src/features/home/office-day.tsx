import type { MouseEvent, ReactNode } from 'react';
import { APP_ROUTES, canOpen } from '../../../domain/app-routes';
import { formatMoney } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { homeMessages } from '../../../domain/messages/home';
import { hasPermission } from '../../../domain/permissions';
import type { HomeRoute } from '../../../domain/schemas/home';
import { longMonterreyDate, weekdayName } from '../../../domain/time';
import { QueryStatus } from '../../ui/query-status';
import { useShell } from '../../ui/shell-context';
import { formatAge } from '../../sync/sync-text';
import { useOfficeDay } from './queries';
import './office-day.css';

const text = homeMessages;

/**
 * The office's Inicio: today's sales against the same weekday last week, today's
 * orders by state, overdue balances, unseen notes and today's routes as they progress, each
 * a link to its screen. Plain elements: it is also the light start, drawn without Ionic.
 */
export function OfficeDay({ navigate }: { navigate: (path: string) => void }) {
  const { user, deployment } = useShell();
  const day = useOfficeDay(hasPermission(user, 'shippings') || hasPermission(user, 'orders'));
  const opens = (path: string) => {
    const route = APP_ROUTES.find((candidate) => candidate.path === path);
    return route !== undefined && canOpen(user, route, deployment);
  };
  const follow = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(path);
  };
  const figures = day.data;
  // Only isError and isPaused are read: a refetch that changes nothing draws nothing again.
  const stale = figures !== undefined && (day.isError || day.isPaused);

  return (
    <div className="office-day">
      <h1 className="page-heading">{text.greeting(user.name)}</h1>
      <p className="page-subheading">
        {text.today}: {longMonterreyDate(new Date())}
      </p>
      {stale && (
        <p className="office-day__stale" role="status">
          {text.cachedAge(formatAge(day.dataUpdatedAt, Date.now()))}
        </p>
      )}
      {!figures ? (
        <QueryStatus query={day} />
      ) : (
        <>
          <div className="office-day__figures">
            {figures.sales && (
              <Figure title={text.salesTitle} path="/sales" opens={opens} follow={follow}>
                <p className="figure-card__value">{formatMoney(figures.sales.today.total)}</p>
                <p className="figure-card__detail">{text.salesCount(figures.sales.today.count)}</p>
                <p className="figure-card__detail">
                  {text.againstLastWeek(formatMoney(figures.sales.last_week.total), weekdayName(figures.last_week_date))}
                  <Change today={figures.sales.today.total} before={figures.sales.last_week.total} />
                </p>
              </Figure>
            )}
            {figures.orders && (
              <Figure title={text.ordersTitle} path="/pedidos" opens={opens} follow={follow}>
                <dl className="figure-card__states">
                  {(['nuevo', 'en_produccion', 'surtido'] as const).map((state) => (
                    <div key={state}>
                      <dt>{text.orderStates[state]}</dt>
                      <dd>{figures.orders![state]}</dd>
                    </div>
                  ))}
                </dl>
              </Figure>
            )}
            {figures.overdue && (
              <Figure title={text.overdueTitle} path="/balances" opens={opens} follow={follow}>
                <p className="figure-card__value">{formatMoney(figures.overdue.total)}</p>
                <p className="figure-card__detail">{text.overdueCustomers(figures.overdue.customers)}</p>
              </Figure>
            )}
            <Figure title={text.notesTitle} path="/notes" opens={opens} follow={follow}>
              <p className="figure-card__value">{figures.unseen_notes}</p>
            </Figure>
          </div>
          {figures.routes && (
            <section className="office-day__routes" aria-labelledby="office-day-routes">
              <h2 id="office-day-routes" className="office-day__section-title">
                {text.routesTitle}
              </h2>
              {figures.routes.length === 0 ? (
                <p className="office-day__empty">{text.noRoutes}</p>
              ) : (
                <ul className="route-progress-list">
                  {figures.routes.map((route) => (
                    <li key={route.id}>
                      <a href={`/shippings/${route.id}`} className="route-progress" onClick={follow(`/shippings/${route.id}`)}>
                        <RouteProgress route={route} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}

function Figure({
  title,
  path,
  opens,
  follow,
  children,
}: {
  title: string;
  path: string;
  opens: (path: string) => boolean;
  follow: (path: string) => (event: MouseEvent) => void;
  children: ReactNode;
}) {
  const body = (
    <>
      <h2 className="figure-card__title">{title}</h2>
      {children}
    </>
  );
  // A figure whose screen this person cannot open is shown, not linked.
  return opens(path) ? (
    <a className="figure-card figure-card--link" href={path} onClick={follow(path)}>
      {body}
    </a>
  ) : (
    <div className="figure-card">{body}</div>
  );
}

function Change({ today, before }: { today: number; before: number }) {
  if (before <= 0) return null;
  const percent = Math.round(((today - before) / before) * 100);
  return <span className={`figure-card__change${percent < 0 ? ' figure-card__change--down' : ''}`}> ({text.change(percent)})</span>;
}

function RouteProgress({ route }: { route: HomeRoute }) {
  const total = route.delivered + route.rejected + route.pending;
  const share = (count: number) => `${total === 0 ? 0 : (count / total) * 100}%`;
  const km = route.route !== null ? text.routeKm(route.route) : route.initial_km !== null ? text.routeOnTheWay : text.routeNotStarted;
  return (
    <>
      <span className="route-progress__head">
        <span className="route-progress__folio">{driverMessages.routeFolio(route.id)}</span>
        <span className="route-progress__who">{[route.driver_name ?? text.noDriver, route.vehicle].filter(Boolean).join(' · ')}</span>
        <span className="route-progress__km">{km}</span>
      </span>
      <span className="route-progress__bar" aria-hidden="true">
        <span className="route-progress__delivered" style={{ width: share(route.delivered) }} />
        <span className="route-progress__rejected" style={{ width: share(route.rejected) }} />
      </span>
      <span className="route-progress__counts">{text.routeProgress(route.delivered, route.rejected, route.pending)}</span>
    </>
  );
}
