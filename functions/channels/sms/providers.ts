/**
 * The SMS providers an organization may bring (shared/entities/messageProvider.ts), each behind the SMS sender
 * port: End User Messaging SMS in its own AWS account, and Twilio.
 */
import type { ProviderFactories } from '../providers';

/** The organization's SMS providers by kind. */
export const SMS_PROVIDERS: ProviderFactories<'SMS'> = {};
