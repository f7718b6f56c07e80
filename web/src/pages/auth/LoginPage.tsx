/** The /login route: the sign-in form, moving on through the router. */
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { type SignInNav, SignInNavProvider } from '../../app/signInNav';
import { SignInPage } from './SignInPage';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const nav = useMemo<SignInNav>(() => ({ params, state: location.state, go: (to, opts) => navigate(to, opts) }), [params, location.state, navigate]);
  return (
    <SignInNavProvider value={nav}>
      <SignInPage />
    </SignInNavProvider>
  );
}
