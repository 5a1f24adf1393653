import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatMoment } from '../../../domain/format';
import { crmMessages } from '../../../domain/messages/crm';
import { conversationMessages } from '../../../domain/messages/conversations';
import {
  conversationInputSchema,
  conversationSchema,
  MESSAGE_CHANNELS,
  outgoingMessageSchema,
  sentMessageSchema,
  type MessageChannel,
} from '../../../domain/schemas/conversations';
import { conversationListSchema, messageListSchema, messageStatusListSchema } from '../../../domain/schemas/reads';
import { QueryStatus } from '../../ui/query-status';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { shellMessages } from '../../../domain/messages/shell';
import { useCompanySearch } from '../../ui/company-search';
import { useToast } from '../../ui/toast';
import './crm.css';
import { ScreenPage } from '../../ui/screen-chrome';

const text = crmMessages.messages;
const say = conversationMessages;
const conversationsKey = ['crm', 'conversations'] as const;
const threadKey = (id: number) => ['crm', 'conversation', id] as const;

/**
 * `/messages` ('Mensajes'): the conversations with customers and leads on WhatsApp or by e-mail
 * and, for the one chosen, its messages in order, incoming and outgoing, each with its last
 * status (spec §7 conversation/all, message/all/{id}, message_status/all/{id}); a message is
 * written at the bottom, one that did not go out is retried, and 'Nueva conversación' opens one.
 */
export default function MessagesPage() {
  const conversations = useQuery({
    queryKey: conversationsKey,
    queryFn: ({ signal }) => apiRequest('/api/v1/conversation/all', { schema: conversationListSchema, signal }),
    select: (answer) => answer.data,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [opening, setOpening] = useState(false);
  const [notify, toast] = useToast();
  const current = conversations.data?.find((conversation) => conversation.id === chosen) ?? null;
  const nameOf = (conversation: { company_name: string | null; lead_name?: string | null }) =>
    conversation.company_name ?? conversation.lead_name ?? text.noCompany;
  return (
    <ScreenPage
      title={text.title}
      overlays={
        <>
          {opening && (
            <NewConversation
              onClose={() => setOpening(false)}
              onOpened={(id) => {
                setChosen(id);
                setOpening(false);
              }}
            />
          )}
          {toast}
        </>
      }
    >
      <h1 className="visually-hidden">{text.title}</h1>
      <p>
        <button type="button" className="button-primary" aria-haspopup="dialog" onClick={() => setOpening(true)}>
          {say.newConversation}
        </button>
      </p>
      <QueryStatus query={conversations} loading={text.loading} />
      {conversations.data && conversations.data.length === 0 && <p className="empty-state">{text.empty}</p>}
      {conversations.data && conversations.data.length > 0 && (
        <div className="crm-messages">
          <nav className="crm-messages__list" aria-label={text.conversations}>
            <ul>
              {conversations.data.map((conversation) => {
                const name = nameOf(conversation);
                return (
                  <li key={conversation.id}>
                    <button
                      type="button"
                      className="crm-messages__conversation"
                      aria-pressed={conversation.id === chosen}
                      onClick={() => setChosen(conversation.id)}
                    >
                      <strong>{name}</strong>
                      <span>
                        {say.channels[conversation.channel] ?? conversation.channel}
                        {conversation.address ? ` · ${conversation.address}` : ''}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <section
            className="crm-messages__thread"
            aria-live="polite"
            aria-label={current ? text.conversationWith(nameOf(current), say.channels[current.channel] ?? current.channel) : text.choose}
          >
            {current ? <Thread id={current.id} notify={notify} /> : <p className="empty-state">{text.choose}</p>}
          </section>
        </div>
      )}
    </ScreenPage>
  );
}

function Thread({ id, notify }: { id: number; notify: (message: string, color: 'success' | 'danger') => void }) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const thread = useQuery({
    queryKey: threadKey(id),
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
    // A message on its way changes state on its own (sent, delivered, read): look again meanwhile.
    refetchInterval: (query) =>
      query.state.data?.some((message) => message.status === 'pendiente' || message.status === 'enviado') ? 3_000 : 20_000,
  });
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const send = useMutation({
    mutationFn: (payload: { body: string }) =>
      apiRequest(`/api/v2/conversations/${id}/messages`, {
        method: 'POST',
        body: payload,
        schema: sentMessageSchema,
        idempotencyKey: keys.keyFor(`message-${id}`, payload),
      }),
    onSuccess: () => {
      keys.done(`message-${id}`);
      setBody('');
      void queryClient.invalidateQueries({ queryKey: threadKey(id) });
    },
    onError: (failure) => setError(getErrorMessage(failure)),
  });
  const retry = useMutation({
    mutationFn: (messageId: number) =>
      apiRequest(`/api/v2/messages/${messageId}/retry`, {
        method: 'POST',
        schema: sentMessageSchema,
        idempotencyKey: keys.keyFor(`retry-${messageId}`, {}),
      }),
    onSuccess: ({ data }) => {
      keys.done(`retry-${data.id}`);
      notify(say.retried, 'success');
      void queryClient.invalidateQueries({ queryKey: threadKey(id) });
    },
    onError: (failure) => notify(getErrorMessage(failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = outgoingMessageSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    send.mutate(parsed.data);
  };

  return (
    <>
      {!thread.data ? (
        <QueryStatus query={thread} loading={text.loadingMessages} />
      ) : thread.data.length === 0 ? (
        <p className="empty-state">{text.noMessages}</p>
      ) : (
        <ol className="crm-thread">
          {thread.data.map((message) => {
            const outgoing = message.direction === 'saliente';
            return (
              <li key={message.id} className={`crm-thread__message crm-thread__message--${outgoing ? 'out' : 'in'}`}>
                <p>{message.body}</p>
                <p className="crm-thread__meta">
                  {outgoing ? text.outgoing : text.incoming} · {formatMoment(message.created_at)}
                  {message.status ? ` · ${text.status(say.statuses[message.status] ?? message.status)}` : ''}
                </p>
                {outgoing && message.status === 'fallido' && (
                  <p className="crm-thread__meta">
                    {message.last_error && <span className="field-error">{say.lastError(message.last_error)} </span>}
                    <button type="button" className="outline-button" disabled={retry.isPending} onClick={() => retry.mutate(message.id)}>
                      {say.retry}
                    </button>
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <form className="crm-compose" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {say.write}
        </label>
        <textarea id={inputId} rows={2} maxLength={4096} placeholder={say.write} value={body} onChange={(e) => setBody(e.target.value)} />
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <button type="submit" className="button-primary" disabled={send.isPending}>
          {send.isPending ? say.sending : say.send}
        </button>
      </form>
    </>
  );
}

/** 'Nueva conversación': a customer, the channel, and the number or address (the contact's by default). */
function NewConversation({ onClose, onOpened }: { onClose: () => void; onOpened: (id: number) => void }) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const [search, setSearch] = useState('');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [channel, setChannel] = useState<MessageChannel>('whatsapp');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const companies = useCompanySearch(search);
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;
  const open = useMutation({
    mutationFn: (payload: object) =>
      apiRequest('/api/v2/conversations', {
        method: 'POST',
        body: payload,
        schema: conversationSchema,
        idempotencyKey: keys.keyFor('conversation', payload),
      }),
    onSuccess: async ({ data }) => {
      keys.done('conversation');
      await queryClient.invalidateQueries({ queryKey: conversationsKey });
      onOpened(data.id);
    },
    onError: (failure) => setError(getErrorMessage(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = conversationInputSchema.safeParse({ company_id: companyId, channel, address: address.trim() || null });
    if (!parsed.success || companyId === null) {
      setError(say.customerNotFound);
      return;
    }
    setError(null);
    open.mutate(parsed.data);
  };
  return (
    <Dialog label={say.newConversation} onClose={onClose}>
      {(close) => (
        <form onSubmit={submit} className="filter-form" noValidate>
          <div className="field">
            <label htmlFor={idOf('customer')}>{say.customer}</label>
            <input id={idOf('customer')} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className="check-list">
            {(companies.data ?? []).map((company) => (
              <label key={company.id} className="check-list__option">
                <input type="radio" name={idOf('company')} checked={companyId === company.id} onChange={() => setCompanyId(company.id)} />
                {company.name}
              </label>
            ))}
          </div>
          <div className="field">
            <label htmlFor={idOf('channel')}>{say.channel}</label>
            <select id={idOf('channel')} value={channel} onChange={(e) => setChannel(e.target.value as MessageChannel)}>
              {MESSAGE_CHANNELS.map((option) => (
                <option key={option} value={option}>
                  {say.channels[option]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={idOf('address')}>{say.address}</label>
            <input id={idOf('address')} value={address} onChange={(e) => setAddress(e.target.value)} aria-describedby={idOf('hint')} />
            <p id={idOf('hint')} className="field-hint">
              {say.addressHint}
            </p>
          </div>
          <FormActions
            serverError={error}
            pending={open.isPending}
            onCancel={close}
            labels={{ cancel: shellMessages.cancel, save: say.newConversation, saving: say.sending }}
          />
        </form>
      )}
    </Dialog>
  );
}
