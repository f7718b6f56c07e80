/** The application version of spec 000 section 1, defined once for the server, the web app and the checks. */
export const APP_VERSION = '4.1.0';
