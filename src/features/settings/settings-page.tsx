import { IonItem, IonLabel, IonList, IonListHeader } from '@ionic/react';
import { messages } from '../../../domain/messages';
import { APP_VERSION } from '../../../domain/version';
import { useShell } from '../../ui/shell-context';
import { ScreenPage } from '../../ui/screen-chrome';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <IonItem>
      <IonLabel>
        <p>{label}</p>
        <h2>{value}</h2>
      </IonLabel>
    </IonItem>
  );
}

/** 'Ajustes': the person's profile and what they may do, and the app's version. */
export default function SettingsPage() {
  const { user, deployment } = useShell();
  return (
    <ScreenPage title={messages.settings.title}>
      <IonList>
        <IonListHeader>
          <h2>{messages.settings.profile}</h2>
        </IonListHeader>
        <Row label={messages.settings.name} value={`${user.name} ${user.last}`} />
        <Row label={messages.settings.email} value={user.email} />
        <Row label={messages.settings.jobPosition} value={user.job_position ?? '—'} />
        <Row label={messages.settings.branch} value={user.branch?.name ?? '—'} />
        <Row label={messages.settings.permissions} value={user.permissions.length > 0 ? user.permissions.join(', ') : '—'} />
      </IonList>
      <IonList>
        <IonListHeader>
          <h2>{messages.settings.app}</h2>
        </IonListHeader>
        <Row label={messages.settings.version} value={APP_VERSION} />
        <Row label={messages.settings.deployment} value={deployment.identity.legalName} />
      </IonList>
    </ScreenPage>
  );
}
