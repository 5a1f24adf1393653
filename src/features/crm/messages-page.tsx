import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoment } from '../../../domain/format';
import { crmMessages } from '../../../domain/messages/crm';
import { conversationListSchema, messageListSchema, messageStatusListSchema } from '../../../domain/schemas/reads';
import { QueryStatus } from '../../ui/query-status';
import { apiRequest } from '../../lib/api';
import './crm.css';
import { ScreenPage } from '../../ui/screen-chrome';

const text = crmMessages.messages;

/**
 * `/messages` ('Mensajes'): the conversations with customers (WhatsApp, e-mail) and,
 * for the one chosen, its messages in order, incoming and outgoing, each with its last status
 * (spec §7 conversation/all, message/all/{id}, message_status/all/{id}).
 */
export default function MessagesPage() {
  const conversations = useQuery({
    queryKey: ['crm', 'conversations'],
    queryFn: ({ signal }) => apiRequest('/api/v1/conversation/all', { schema: conversationListSchema, signal }),
    select: (answer) => answer.data,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const current = conversations.data?.find((conversation) => conversation.id === chosen) ?? null;
  return (
    <ScreenPage title={text.title}>
      <h1 className="visually-hidden">{text.title}</h1>
      <QueryStatus query={conversations} loading={text.loading} />
      {conversations.data && conversations.data.length === 0 && <p className="empty-state">{text.empty}</p>}
      {conversations.data && conversations.data.length > 0 && (
        <div className="crm-messages">
          <nav className="crm-messages__list" aria-label={text.conversations}>
            <ul>
              {conversations.data.map((conversation) => {
                const name = conversation.company_name ?? text.noCompany;
                return (
                  <li key={conversation.id}>
                    <button
                      type="button"
                      className="crm-messages__conversation"
                      aria-pressed={conversation.id === chosen}
                      aria-label={text.open(name, conversation.channel)}
                      onClick={() => setChosen(conversation.id)}
                    >
                      <strong>{name}</strong>
                      <span>{conversation.channel}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <section
            className="crm-messages__thread"
            aria-live="polite"
            aria-label={current ? text.open(current.company_name ?? text.noCompany, current.channel) : text.choose}
          >
            {current ? <Thread id={current.id} /> : <p className="empty-state">{text.choose}</p>}
          </section>
        </div>
      )}
    </ScreenPage>
  );
}

function Thread({ id }: { id: number }) {
  const thread = useQuery({
    queryKey: ['crm', 'conversation', id],
    queryFn: async ({ signal }) => {
      const [list, statuses] = await Promise.all([
        apiRequest(`/api/v1/message/all/${id}`, { schema: messageListSchema, signal }),
        apiRequest(`/api/v1/message_status/all/${id}`, { schema: messageStatusListSchema, signal }),
      ]);
      // The last status each message reached.
      const last = new Map<number, string>();
      for (const status of [...statuses.data].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id))
        last.set(status.message_id, status.status);
      return list.data.map((message) => ({ ...message, status: last.get(message.id) ?? null }));
    },
  });
  if (!thread.data) return <QueryStatus query={thread} loading={text.loadingMessages} />;
  if (thread.data.length === 0) return <p className="empty-state">{text.noMessages}</p>;
  return (
    <ol className="crm-thread">
      {thread.data.map((message) => {
        const outgoing = message.direction === 'saliente';
        return (
          <li key={message.id} className={`crm-thread__message crm-thread__message--${outgoing ? 'out' : 'in'}`}>
            <p>{message.body}</p>
            <p className="crm-thread__meta">
              {outgoing ? text.outgoing : text.incoming} · {formatMoment(message.created_at)}
              {message.status ? ` · ${text.status(message.status)}` : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
