/** The plan area's public module. */
export { actionsFor, peopleOf, type People, toPlanView } from './plans';
