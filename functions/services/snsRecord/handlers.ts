// snsRecord.*: the organization's received two-way SMS (written by ../../channels/sms/inbound.ts and the Twilio
// webhook), read in the caller's organization only: another's id answers 720003.
import type { SnsRecord } from '../../../shared/entities';
import type { SnsRecordView } from '../../../shared/services';
import type { AreaHandlers } from '../../contract/context';
import { matchesText, pageOfItems } from '../../store/paging';

const viewOf = ({ orgId: _o, expiresAt: _e, ...rest }: SnsRecord): SnsRecordView => rest;
const SORTABLE = ['receivedAt', 'fromNumber', 'source', 'optOut'];

export const snsRecordHandlers: AreaHandlers<'snsRecord'> = {
  async getListByPage(q, ctx) {
    const all = (await ctx.tenant.list('snsRecord')).filter(
      (r) => matchesText(r.fromNumber, q.fromNumber) && matchesText(r.body, q.body) && (!q.source || r.source === q.source) && (q.optOut === undefined || r.optOut === q.optOut),
    );
    const page = pageOfItems(all, q, SORTABLE, { field: 'receivedAt', order: 'desc' });
    return { ...page, list: page.list.map(viewOf) };
  },
  async detail({ id }, ctx) {
    return viewOf(await ctx.tenant.require('snsRecord', id));
  },
};
