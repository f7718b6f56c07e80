/**
 * Whether a message to a number may leave under an alphanumeric sender id. Carriers of the US and Canada, China,
 * and other countries AWS and Twilio list as not supporting sender ids reject or rewrite one: a message there
 * leaves from the provider's number. Kept short on purpose: a country missing here fails its message with the
 * provider's own answer, and the organization can clear the sender id.
 */
const NO_SENDER_ID = ['+1', '+86', '+55', '+54', '+52', '+56', '+57', '+51', '+82', '+84', '+62', '+66', '+63'];

export const senderIdAllowed = (to: string): boolean => !NO_SENDER_ID.some((code) => to.startsWith(code));
