import { lazy, Suspense, useEffect, useState } from 'react';
import { commonMessages } from '../../domain/messages/shell';
import LoginPage from '../features/auth/login-page';
import { usePrintJob, useToken } from '../lib/session-store';
import { UpdateBanner } from '../pwa/update-banner';
import { setupStatusSchema } from '../../domain/schemas/auth';
import { apiRequest } from '../lib/api';

// The shell (Ionic, router, query cache, menu, overlays) is not needed to sign in.
const SignedIn = lazy(() => import('./signed-in'));
// Only the window a print view opened renders it: never part of the login's scripts.
const PrintRoot = lazy(() => import('../features/print/print-root').then((module) => ({ default: module.PrintRoot })));
// Shown once in an installation's life: never part of the login's scripts.
const SetupPage = lazy(() => import('../features/setup/setup-page'));

/** Spec §2 root switching: print data → that print view; no token → login; token → shell. */
export function App() {
  const printJob = usePrintJob();
  const token = useToken();
  return (
    <>
      <UpdateBanner />
      {printJob || token ? (
        <Suspense
          fallback={
            <p className="print-message" role="status">
              {commonMessages.loading}
            </p>
          }
        >
          {printJob ? <PrintRoot job={printJob} /> : <SignedIn />}
        </Suspense>
      ) : (
        <SignedOut />
      )}
    </>
  );
}

/**
 * No token: the login, or 'Configuración inicial' while the installation has nobody who can
 * sign in (the server says so). Offline or unanswered, the login stays.
 */
function SignedOut() {
  const [setupNeeded, setSetupNeeded] = useState(false);
  useEffect(() => {
    let current = true;
    apiRequest('/api/v2/setup', { schema: setupStatusSchema })
      .then((status) => current && setSetupNeeded(status.needed))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  if (!setupNeeded) return <LoginPage />;
  return (
    <Suspense fallback={<LoginPage />}>
      <SetupPage />
    </Suspense>
  );
}
