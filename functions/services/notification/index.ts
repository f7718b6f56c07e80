/** The notification area's public module: what the approval areas and the delivery side use to notify people. */
export { type AlertEvent, rulesOf } from './alerts';
export { alertMember, notifyPeople, notifyRunFinished, type NotifyDeps, type NotifyInput } from './notify';
