import { useEffect, useState } from 'react';
import { pushMessages } from '../../../domain/messages/push';
import { getErrorMessage } from '../../lib/api';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from '../../lib/push-subscription';

const text = pushMessages;
type State = 'loading' | 'on' | 'off' | 'denied' | 'unsupported';

/** 'Avisos en este dispositivo': allow notices on this phone or computer, or stop them. */
export function PushSetting({ notify }: { notify: (message: string, color: 'success' | 'danger') => void }) {
  const [state, setState] = useState<State>(() => (pushSupported() ? 'loading' : 'unsupported'));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!pushSupported()) return;
    if (Notification.permission === 'denied') {
      setState('denied');
      return;
    }
    void currentPushSubscription().then((subscription) => setState(subscription ? 'on' : 'off'));
  }, []);

  const toggle = async () => {
    setBusy(true);
    try {
      if (state === 'on') {
        await disablePush();
        setState('off');
        notify(text.disabled, 'success');
      } else {
        const result = await enablePush();
        setState(result === 'enabled' ? 'on' : result);
        if (result === 'enabled') notify(text.enabled, 'success');
      }
    } catch (error) {
      notify(getErrorMessage(error), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="push-setting-title">
      <h2 id="push-setting-title" className="plain-list__header">
        {text.title}
      </h2>
      <p className="field-hint">{text.explain}</p>
      {state === 'unsupported' && <p>{text.unsupported}</p>}
      {state === 'denied' && <p>{text.denied}</p>}
      {(state === 'on' || state === 'off') && (
        <p>
          <strong>{state === 'on' ? text.statusOn : text.statusOff}</strong>{' '}
          <button type="button" className="outline-button" disabled={busy} onClick={() => void toggle()}>
            {state === 'on' ? text.disable : text.enable}
          </button>
        </p>
      )}
    </section>
  );
}
