import { randomUUID } from 'node:crypto';
import type { Plan } from '../shared/plan/plan';

const theme = { primaryColor: '#33CCFF', secondaryColor: '#F4F4F4' };
/** An e-mail plan of one paragraph, sent at once, as the benches store it (no wizard, no approval). */
export function emailPlan(orgId: number, status: Plan['status'], segmentId?: string): Plan {
  const now = Date.now();
  return {
    orgId,
    id: randomUUID(),
    name: `Bench ${orgId}`,
    title: 'Bench',
    intro: '',
    channel: 'EMAIL',
    type: 'SINGLE',
    messageType: 1,
    status,
    content: {
      kind: 'EMAIL',
      template: {
        theme,
        defaultLanguage: 'en',
        contents: { en: { subject: 'Hello {{firstName|there}}', preheader: '', blocks: [{ type: 'paragraph', text: 'Hello', align: 'left', padding: 'leftRight' }] } },
      },
    },
    segmentId,
    trigger: { kind: 'IMMEDIATELY' },
    tagIds: [],
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'bench',
    updatedBy: 'bench',
  } as unknown as Plan;
}
