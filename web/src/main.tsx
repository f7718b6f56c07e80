import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/ssoReturn';
import { getSession } from './api/session';
import { hashRoute, SIGN_IN_PATH } from './app/signInNav';
import { initI18n } from './i18n';

// A fresh load of the sign-in page renders it without the router and the signed-in portal (app/signInApp).
const session = getSession();
const signInOnly = hashRoute().path === SIGN_IN_PATH && !(session && !session.ended);
const signInApp = signInOnly ? import('./app/signInApp') : null;

await initI18n();
const root = createRoot(document.getElementById('root')!);

/** The portal: the router (which reads the address as it is created), its pages and the signed-in shell. */
async function startPortal(): Promise<void> {
  const { App } = await import('./app/App');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

if (signInApp !== null) {
  const { SignInApp } = await signInApp;
  root.render(
    <StrictMode>
      <SignInApp leave={startPortal} />
    </StrictMode>,
  );
} else await startPortal();
