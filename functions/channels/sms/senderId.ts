/** Whether a message to a number may leave under an alphanumeric sender id. */
const NO_SENDER_ID = ['+1', '+86', '+55', '+54', '+52', '+56', '+57', '+51', '+82', '+84', '+62', '+66', '+63'];

export const senderIdAllowed = (to: string): boolean => !NO_SENDER_ID.some((code) => to.startsWith(code));
