import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { getSession, subscribeSession } from '../api/session';
import { createAppRouter } from '../router';
import { useGuardConfirm } from '../ui/guardConfirm';
import { whenToastWanted } from '../ui/toastBus';
import { wireApp } from './wiring';

const router = createAppRouter();
wireApp(router);
const GuardConfirmDialog = lazy(() => import('../ui/GuardConfirmDialog'));
// PrimeReact's toast (and the component core under it) is not the sign-in page's code: it loads with the first
// message (toastBus keeps it until then) or once someone is signed in
const ToastHost = lazy(() => import('../ui/ToastHost').then((m) => ({ default: m.ToastHost })));

function GuardConfirmHost() {
  const pending = useGuardConfirm();
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <GuardConfirmDialog titleKey={pending.titleKey} />
    </Suspense>
  );
}

function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  const signedIn = useSyncExternalStore(subscribeSession, () => Boolean(getSession() && !getSession()!.ended));
  useEffect(() => whenToastWanted(() => setWanted(true)), []);
  // once there, it stays: the message that a session ended comes as the session ends
  if (signedIn && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

export function App() {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
      <RouterProvider router={router} />
      <LazyToastHost />
      <GuardConfirmHost />
    </SWRConfig>
  );
}
