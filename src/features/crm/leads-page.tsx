import { lazy, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { crmMessages } from '../../../domain/messages/crm';
import { Dialog } from '../../ui/dialog';
import { AppLink } from '../../ui/app-link';
import { useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';
import { getErrorMessage } from '../../lib/api';
import { useCrmMutations, useFunnelLeads, useFunnels, usePhases } from './queries';
import './crm.css';

const text = crmMessages.leads;
// The form loads with its dialog: the board opens without it (and without Ionic).
const LeadForm = lazy(() => import('./lead-form').then((module) => ({ default: module.LeadForm })));
type BoardLead = NonNullable<ReturnType<typeof useFunnelLeads>['data']>[number];

/**
 * `/leads` ('Prospectos'): a funnel's leads as a board, one column per phase in
 * order. A lead moves to another phase by dragging its card, by its ◀ ▶ buttons, or with
 * the arrow keys while its card has the focus (the focus follows the card). Each card opens
 * the lead's page; 'Nuevo prospecto' adds one in a dialog.
 */
export default function LeadsPage() {
  const funnels = useFunnels();
  const phases = usePhases();
  const [chosenFunnel, setChosenFunnel] = useState<number | null>(null);
  const funnelId = chosenFunnel ?? funnels.data?.[0]?.id ?? null;
  const leads = useFunnelLeads(funnelId);
  const columns = useMemo(() => (phases.data ?? []).filter((phase) => phase.funnel_id === funnelId), [phases.data, funnelId]);
  const { moveLead } = useCrmMutations();
  const [notify, toast] = useToast();
  const [adding, setAdding] = useState(false);
  // The card to focus once it is drawn in the phase it was moved to.
  const [focusAfterMove, setFocusAfterMove] = useState<{ lead: number; phase: number } | null>(null);
  const board = useRef<HTMLDivElement>(null);

  // After a move the card is drawn in its new column: the focus goes with it.
  useEffect(() => {
    if (focusAfterMove === null) return;
    const card = board.current?.querySelector<HTMLElement>(
      `[data-phase-id="${focusAfterMove.phase}"] [data-lead-id="${focusAfterMove.lead}"]`,
    );
    if (card) {
      card.focus();
      setFocusAfterMove(null);
    }
  }, [focusAfterMove, leads.data]);

  const move = (lead: BoardLead, index: number) => {
    const target = columns[index];
    if (!target || target.id === lead.funnel_phase_id || moveLead.isPending) return;
    setFocusAfterMove({ lead: lead.id, phase: target.id });
    moveLead.mutate(
      { id: lead.id, phaseId: target.id },
      {
        onSuccess: () => notify(text.moved(lead.name, target.name), 'success'),
        onError: (error) => {
          setFocusAfterMove(null);
          notify(getErrorMessage(error), 'danger');
        },
      },
    );
  };
  const columnIndex = (lead: BoardLead) => columns.findIndex((phase) => phase.id === lead.funnel_phase_id);

  const onKeyDown = (lead: BoardLead) => (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowRight') move(lead, columnIndex(lead) + 1);
    else if (event.key === 'ArrowLeft') move(lead, columnIndex(lead) - 1);
    else return;
    event.preventDefault();
  };
  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    const lead = leads.data?.find((candidate) => String(candidate.id) === event.dataTransfer.getData('text/plain'));
    if (lead) move(lead, index);
  };

  return (
    <ScreenPage title={text.title}>
      <h1 className="visually-hidden">{text.title}</h1>
      <div className="office-list__toolbar crm-board__toolbar">
        <div className="field crm-board__funnel">
          <label htmlFor="crm-funnel">{text.funnel}</label>
          <select id="crm-funnel" value={funnelId ?? ''} onChange={(e) => setChosenFunnel(Number(e.target.value))}>
            {funnels.data?.map((funnel) => (
              <option key={funnel.id} value={funnel.id}>
                {funnel.name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
          {text.add}
        </button>
        <span role="status" className="office-list__status">
          {moveLead.isPending ? text.moving : ''}
        </span>
      </div>
      <p className="crm-board__hint">{text.keyboardHint}</p>
      <QueryStatus query={leads} />
      {leads.data && (
        <div className="crm-board" ref={board}>
          {columns.map((phase, index) => {
            const inPhase = leads.data.filter((lead) => lead.funnel_phase_id === phase.id);
            return (
              <section
                key={phase.id}
                className="crm-board__column"
                aria-labelledby={`phase-${phase.id}`}
                data-phase-id={phase.id}
                onDragOver={(event) => event.preventDefault()}
                onDrop={onDrop(index)}
              >
                <h2 id={`phase-${phase.id}`} className="crm-board__phase">
                  {phase.name} <span className="crm-board__count">{text.count(inPhase.length)}</span>
                </h2>
                {inPhase.length === 0 ? (
                  <p className="crm-board__empty">{text.emptyPhase}</p>
                ) : (
                  <ul className="crm-board__cards">
                    {inPhase.map((lead) => (
                      <li
                        key={lead.id}
                        className="crm-card"
                        tabIndex={0}
                        draggable
                        data-lead-id={lead.id}
                        aria-label={`${lead.name}, ${phase.name}`}
                        onKeyDown={onKeyDown(lead)}
                        onDragStart={(event) => event.dataTransfer.setData('text/plain', String(lead.id))}
                      >
                        <AppLink href={`/leads/${lead.id}`} className="crm-card__name" title={text.open(lead.name)}>
                          {lead.name}
                        </AppLink>
                        {lead.company_name && <span>{lead.company_name}</span>}
                        {lead.phone && <span>{lead.phone}</span>}
                        <span className="crm-card__moves">
                          {index > 0 && (
                            <button
                              type="button"
                              className="icon-button"
                              aria-label={text.moveTo(lead.name, columns[index - 1]!.name)}
                              onClick={() => move(lead, index - 1)}
                            >
                              <span aria-hidden="true">◀</span>
                            </button>
                          )}
                          {index < columns.length - 1 && (
                            <button
                              type="button"
                              className="icon-button"
                              aria-label={text.moveTo(lead.name, columns[index + 1]!.name)}
                              onClick={() => move(lead, index + 1)}
                            >
                              <span aria-hidden="true">▶</span>
                            </button>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {adding && (
        <Dialog label={text.formTitle} onClose={() => setAdding(false)}>
          {(close) => (
            <LeadForm
              phases={columns}
              onCancel={close}
              onSaved={(lead) => {
                close();
                notify(text.saved(lead.name), 'success');
              }}
            />
          )}
        </Dialog>
      )}
      {toast}
    </ScreenPage>
  );
}
