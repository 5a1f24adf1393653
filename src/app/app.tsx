import { lazy, Suspense } from 'react';
import { commonMessages } from '../../domain/messages/shell';
import LoginPage from '../features/auth/login-page';
import { PrintRoot } from '../features/print/print-root';
import { usePrintJob, useToken } from '../lib/session-store';
import { UpdateBanner } from '../pwa/update-banner';

// The shell (Ionic, router, query cache, menu, overlays) is not needed to sign in.
const SignedIn = lazy(() => import('./signed-in'));

/** Spec §2 root switching: print data → that print view; no token → login; token → shell. */
export function App() {
  const printJob = usePrintJob();
  const token = useToken();
  return (
    <>
      <UpdateBanner />
      {printJob ? (
        <PrintRoot job={printJob} />
      ) : token ? (
        <Suspense
          fallback={
            <p className="print-message" role="status">
              {commonMessages.loading}
            </p>
          }
        >
          <SignedIn />
        </Suspense>
      ) : (
        <LoginPage />
      )}
    </>
  );
}
