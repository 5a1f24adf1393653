import { IonContent, IonItem, IonLabel, IonList, IonListHeader, IonPage } from '@ionic/react';
import { messages } from '../../../domain/messages';
import { APP_VERSION } from '../../../domain/version';
import { AppHeader } from '../../app/app-header';
import { useShell } from '../../app/shell-context';

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
    <IonPage>
      <AppHeader title={messages.settings.title} />
      <IonContent className="ion-padding">
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
      </IonContent>
    </IonPage>
  );
}
