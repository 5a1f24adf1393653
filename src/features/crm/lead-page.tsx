import { useState } from 'react';
import { formatCalendarDate, formatMoment } from '../../../domain/format';
import { crmMessages } from '../../../domain/messages/crm';
import { hasPermission } from '../../../domain/permissions';
import type { ActivityRow, CallRow, LeadDetail } from '../../../domain/schemas/crm';
import { AppLink } from '../../ui/app-link';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { Fact, PageSection } from '../../ui/record-page';
import { useRecordId } from '../../ui/record-screen';
import { useShell } from '../../ui/shell-context';
import { CrmEntryForm, type EntryKind } from './crm-entry-form';
import { useLead } from './queries';
import './crm.css';
import { ScreenPage } from '../../ui/screen-chrome';

const text = crmMessages.lead;
const entry = crmMessages.entry;

/**
 * `/leads/{lead_id}`: one lead — how to reach them, their funnel and phase, when
 * they entered each phase and who moved them (from the activity log), and the activities
 * and calls logged with them — with 'Registrar llamada' and 'Registrar actividad'.
 */
export default function LeadPage() {
  const id = useRecordId('lead_id') ?? 0;
  const lead = useLead(id);
  const { user } = useShell();
  const [logging, setLogging] = useState<EntryKind | null>(null);
  const [notify, toast] = useToast();
  return (
    <ScreenPage title={lead.data?.name ?? text.title}>
      <h1 className="visually-hidden">{lead.data?.name ?? text.title}</h1>
      <QueryStatus query={lead} />
      {lead.data && (
        <>
          <div className="office-list__toolbar">
            {hasPermission(user, 'calls') && (
              <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setLogging('call')}>
                {entry.callTitle}
              </button>
            )}
            {hasPermission(user, 'activities') && (
              <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setLogging('activity')}>
                {entry.activityTitle}
              </button>
            )}
            <AppLink href="/leads" className="outline-button outline-button--clear">
              {text.back}
            </AppLink>
          </div>
          <LeadView lead={lead.data} />
        </>
      )}
      {logging && lead.data && (
        <Dialog label={logging === 'call' ? entry.callTitle : entry.activityTitle} onClose={() => setLogging(null)}>
          {(close) => (
            <CrmEntryForm
              kind={logging}
              party={{ kind: 'lead', id: lead.data.id, name: lead.data.name }}
              onCancel={close}
              onSaved={() => {
                close();
                notify(logging === 'call' ? entry.callSaved : entry.activitySaved, 'success');
              }}
            />
          )}
        </Dialog>
      )}
      {toast}
    </ScreenPage>
  );
}

function LeadView({ lead }: { lead: LeadDetail }) {
  const leadsText = crmMessages.leads;
  return (
    <div className="crm-lead">
      <PageSection title={text.facts} className="crm-lead__facts">
        <dl className="facts">
          <Fact label={leadsText.companyName}>{lead.company_name ?? '—'}</Fact>
          <Fact label={leadsText.phone}>{lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a> : '—'}</Fact>
          <Fact label={leadsText.email}>{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : '—'}</Fact>
          <Fact label={leadsText.funnel}>{lead.funnel ?? '—'}</Fact>
          <Fact label={leadsText.phase}>{lead.phase ?? '—'}</Fact>
          <Fact label={leadsText.origin}>{lead.origin ?? leadsText.noOrigin}</Fact>
          <Fact label={text.owner}>{lead.user_name}</Fact>
          <Fact label={text.createdAt}>{formatMoment(lead.created_at)}</Fact>
        </dl>
      </PageSection>
      <PageSection title={text.history} className="crm-lead__history">
        {lead.moves.length === 0 ? (
          <p>{text.noHistory}</p>
        ) : (
          <ol className="crm-timeline">
            {lead.moves.map((move, index) => (
              <li key={index}>
                <strong>
                  {move.from_phase ? text.movedFrom(move.from_phase, move.to_phase ?? '—') : text.entered(move.to_phase ?? '—')}
                </strong>{' '}
                <span>
                  {formatMoment(move.at)}
                  {move.user_name ? ` ${text.by(move.user_name)}` : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </PageSection>
      <PageSection title={text.activities} className="crm-lead__activities">
        <EntryList rows={lead.activities} render={(activity: ActivityRow) => <ActivityLine activity={activity} />} />
      </PageSection>
      <PageSection title={text.calls} className="crm-lead__calls">
        <EntryList rows={lead.calls} render={(call: CallRow) => <CallLine call={call} />} />
      </PageSection>
    </div>
  );
}

function EntryList<Row extends { id: number }>({ rows, render }: { rows: Row[]; render: (row: Row) => React.ReactNode }) {
  if (rows.length === 0) return <p>{text.none}</p>;
  return (
    <ul className="crm-entries">
      {rows.map((row) => (
        <li key={row.id}>{render(row)}</li>
      ))}
    </ul>
  );
}

function ActivityLine({ activity }: { activity: ActivityRow }) {
  const states = crmMessages.activities;
  return (
    <>
      <strong>
        {formatCalendarDate(activity.date)}
        {activity.time ? ` ${activity.time}` : ''} · {activity.type ?? '—'} · {activity.title}
      </strong>
      <span>
        {activity.done ? states.done : states.pending}
        {activity.result ? ` · ${activity.result}` : ''} · {activity.user_name}
      </span>
      {activity.note && <span>{activity.note}</span>}
      {activity.next_step && (
        <span>
          {entry.nextStep}: {activity.next_step}
        </span>
      )}
    </>
  );
}

function CallLine({ call }: { call: CallRow }) {
  return (
    <>
      <strong>
        {formatCalendarDate(call.date)} · {call.result ?? '—'} · {call.duration_minutes} min
      </strong>
      <span>{call.user_name}</span>
      {call.note && <span>{call.note}</span>}
      {call.next_step && (
        <span>
          {entry.nextStep}: {call.next_step}
        </span>
      )}
    </>
  );
}
