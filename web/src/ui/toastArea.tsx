/**
 * PrimeReact's toast (and the component core under it) is not the sign-in page's code: it loads with the first
 * message (toastBus keeps it until then) or once someone is signed in.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../api/session';
import { whenToastWanted } from './toastBus';

const ToastHost = lazy(() => import('./ToastHost').then((m) => ({ default: m.ToastHost })));

export function LazyToastHost() {
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
