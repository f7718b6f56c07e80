/**
 * The stored sign-in object's type, in a file of its own (no imports but the contract) so that the session store,
 * the cross-tab protocol (sessionSync.ts) and the access helpers share it without importing one another.
 */
import type { SignIn } from '../../../shared/services';

export interface Session extends SignIn {
  /** epoch ms when the access token expires */
  expiresAt: number;
  /** set when the server said the session is over (600005): the next navigation signs out */
  ended?: string;
}

/** The late-bound reactions of the session store, set once at start-up by `app/wiring.ts`. */
export interface SessionHandlers {
  /** a timed refresh failed (toast, redirect) */
  backgroundFailure: (error: unknown) => void;
  /** another tab of this session logged out */
  remoteSignOut: () => void;
  /** another tab of this session switched organization (its new tokens are taken already) */
  remoteOrgChange: (session: Session) => void;
}
