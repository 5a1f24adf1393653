import { IonApp, IonButton, IonContent, IonPage, IonText, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { messages } from '../../domain/messages';
import { useCurrentUser } from '../features/auth/queries';
import { getErrorMessage } from '../lib/api';
import { useDeployment } from './deployment';
import { LoadingPage } from './loading-page';
import { Providers } from './providers';
import { Shell } from './shell';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '../theme/theme.css';

setupIonicReact({ mode: 'md' });

/** With a token: the Ionic shell for the current user, known from the server or from the cache. */
export default function SignedIn() {
  return (
    <Providers>
      <IonApp>
        <CurrentUserGate />
      </IonApp>
    </Providers>
  );
}

function CurrentUserGate() {
  const deployment = useDeployment();
  const user = useCurrentUser();
  if (user.data) {
    return (
      <IonReactRouter>
        <Shell user={user.data} deployment={deployment} />
      </IonReactRouter>
    );
  }
  if (user.isError) {
    // Not a 401 (that signs out): the server could not be reached and nothing is cached yet.
    return (
      <IonPage>
        <IonContent className="ion-padding">
          <div className="centered" role="alert">
            <IonText color="danger">{getErrorMessage(user.error)}</IonText>
            <IonButton onClick={() => void user.refetch()}>{messages.common.retry}</IonButton>
          </div>
        </IonContent>
      </IonPage>
    );
  }
  return <LoadingPage />;
}
