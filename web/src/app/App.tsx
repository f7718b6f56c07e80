import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { createAppRouter } from '../router';
import { useGuardConfirm } from '../ui/guardConfirm';
import { LazyToastHost } from '../ui/toastArea';
import { wireApp } from './wiring';

const router = createAppRouter();
wireApp(router);
const GuardConfirmDialog = lazy(() => import('../ui/GuardConfirmDialog'));

function GuardConfirmHost() {
  const pending = useGuardConfirm();
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <GuardConfirmDialog titleKey={pending.titleKey} />
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
