/** The plan area's public module. */
export { actionsFor, toPlanView } from './plans';
