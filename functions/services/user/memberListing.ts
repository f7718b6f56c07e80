// The member listing (shared/entities/user.ts `memberListing`): a row per membership, written in the same
// transactions as the membership, and pages read over it.
import { untenantedStore } from '../../contract/untenanted';
import type { MemberListing, OrganizationUser, RoleDirectory } from '../../../shared/entities';
import type { UserView } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import { compareValues, type Page } from '../../store/paging';
import { sortKey } from '../../store/sortKeys';
import type { Item, PageRead, Store, TransactItem } from '../../store/store';
import { directoryKey, memberCountChange } from '../userRole';

const listingStore = (ctx: object) => untenantedStore(ctx, 'the member listing and role directory, global tables keyed by the caller organization');

const SEARCH_SEPARATOR = '\u0000';

/** Columns a page sorts by, each with its index; `roleName` walks the roles in name order instead. */
const SORTED_INDEXES = {
  username: 'byUsername',
  firstName: 'byFirstName',
  lastName: 'byLastName',
  email: 'byEmail',
  status: 'byStatus',
  dateCreated: 'byDateCreated',
  dateUpdated: 'byDateUpdated',
} as const;
type SortField = keyof typeof SORTED_INDEXES | 'roleName';
const DEFAULT_SORT = { field: 'dateCreated', order: 'desc' } as const;

export function listingRow(link: OrganizationUser): MemberListing {
  const { member: m, userId } = link;
  const view: Omit<UserView, 'roleName'> = { id: userId, ...m, roleId: link.roleId };
  return {
    orgId: link.orgId,
    userId,
    roleId: link.roleId,
    orgRole: `${link.orgId}#${link.roleId}`,
    status: m.status,
    // the full name both ways ("Mia Chen", "Chen Mia") and, for names written without a space, run together
    search: [m.username, m.email, `${m.firstName} ${m.lastName}`, `${m.lastName} ${m.firstName}`, `${m.lastName}${m.firstName}`]
      .map((v) => v.trim().toLowerCase())
      .join(SEARCH_SEPARATOR),
    view: JSON.stringify(view),
    sortUsername: sortKey(m.username, userId),
    sortFirstName: sortKey(m.firstName, userId),
    sortLastName: sortKey(m.lastName, userId),
    sortEmail: sortKey(m.email, userId),
    sortStatus: sortKey(m.status, userId),
    sortDateCreated: sortKey(m.dateCreated, userId),
    sortDateUpdated: sortKey(m.dateUpdated, userId),
  };
}

function putRow(store: Store, link: OrganizationUser): TransactItem {
  return { Put: { TableName: store.table('memberListing'), Item: listingRow(link) } };
}

/** A new membership with its listing row and its role's count (`roleCounted`: counted already in the same transaction). */
export function joinWrites(store: Store, link: OrganizationUser, opts: { roleCounted?: boolean } = {}): TransactItem[] {
  return [store.putNew('organizationUser', link, '720001'), putRow(store, link), ...(opts.roleCounted ? [] : [memberCountChange(store, link.orgId, { [link.roleId]: 1 })])];
}

export function changeWrites(store: Store, link: OrganizationUser, next: OrganizationUser): TransactItem[] {
  const writes = [store.putVersioned('organizationUser', next, link.version), putRow(store, next)];
  if (next.roleId !== link.roleId) {
    writes.push(memberCountChange(store, link.orgId, { [link.roleId]: -1, [next.roleId]: 1 }));
  }
  return writes;
}

export function leaveWrites(store: Store, link: OrganizationUser): TransactItem[] {
  const key = { orgId: link.orgId, userId: link.userId };
  return [store.deleteItem('organizationUser', key), store.deleteItem('memberListing', key), memberCountChange(store, link.orgId, { [link.roleId]: -1 })];
}

export function refreshedRow(store: Store, link: OrganizationUser): TransactItem {
  return putRow(store, link);
}

export interface MemberQuery {
  page: number;
  size: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  keyword?: string;
  roleId?: string;
  status?: UserView['status'];
}

type Filter = NonNullable<PageRead['filter']>;

interface Segment {
  read: Pick<PageRead, 'index' | 'partition' | 'forward'>;
  filter?: Filter;
}

function filterOf(conditions: { expression: string; names: Record<string, string>; values: Item }[]): Filter | undefined {
  if (conditions.length === 0) return undefined;
  return {
    expression: conditions.map((c) => c.expression).join(' AND '),
    names: Object.assign({}, ...conditions.map((c) => c.names)),
    values: Object.assign({}, ...conditions.map((c) => c.values)),
  };
}

const VIEW_ATTRIBUTES = ['view'] as const;

async function directoryOf(ctx: AuthedContext): Promise<RoleDirectory> {
  const { entity, key } = directoryKey(ctx.tenant.orgId);
  const prefetched = ctx.prefetched?.get(entity) as RoleDirectory | undefined;
  return prefetched ?? (await listingStore(ctx).get(entity, key)) ?? { orgId: ctx.tenant.orgId, names: {}, counts: {} };
}

async function countRest(store: Store, segment: Segment, startKey?: Item): Promise<number> {
  let n = 0;
  do {
    const out = await store.queryPage('memberListing', { ...segment.read, filter: segment.filter, startKey, count: true });
    n += out.count;
    startKey = out.lastKey;
  } while (startKey);
  return n;
}

async function keyAfter(store: Store, segment: Segment, skip: number): Promise<Item | undefined | null> {
  let startKey: Item | undefined;
  for (let left = skip; left > 0; ) {
    const out = await store.queryPage('memberListing', { ...segment.read, startKey, limit: left, count: true });
    left -= out.count;
    startKey = out.lastKey;
    if (!startKey) return left > 0 ? null : undefined;
  }
  return startKey;
}

interface Filling {
  rows: Item[];
  skip: number;
  size: number;
}

async function fill(store: Store, segment: Segment, page: Filling): Promise<{ matched: number; rest?: Item }> {
  let startKey: Item | undefined;
  if (!segment.filter) {
    const after = await keyAfter(store, segment, page.skip);
    page.skip = 0;
    if (after === null) return { matched: 0 };
    startKey = after;
  }
  let matched = 0;
  let limit = Math.min(Math.max(2 * (page.skip + page.size), 50), 1000);
  for (;;) {
    const want = page.size - page.rows.length;
    const out = await store.queryPage('memberListing', {
      ...segment.read,
      filter: segment.filter,
      attributes: VIEW_ATTRIBUTES,
      startKey,
      // A filter applies after the limit: read more than the page needs, more each round.
      limit: segment.filter ? limit : want,
    });
    matched += out.count;
    const skipped = Math.min(page.skip, out.items.length);
    page.skip -= skipped;
    page.rows.push(...out.items.slice(skipped, skipped + want));
    startKey = out.lastKey;
    if (!startKey || page.rows.length === page.size) return { matched, rest: startKey };
    limit = Math.min(limit * 2, 1000);
  }
}

export async function memberPage(ctx: AuthedContext, q: MemberQuery): Promise<Page<UserView>> {
  const store = listingStore(ctx);
  const orgId = ctx.tenant.orgId;
  const sortable = q.sortField !== undefined && (q.sortField === 'roleName' || Object.hasOwn(SORTED_INDEXES, q.sortField));
  const field = (sortable ? q.sortField : DEFAULT_SORT.field) as SortField;
  const order = sortable ? (q.sortOrder ?? 'asc') : DEFAULT_SORT.order;
  const keyword = q.keyword?.trim().replace(/\s+/g, ' ').toLowerCase();
  const conditions = [];
  if (keyword) conditions.push({ expression: 'contains(#search, :keyword)', names: { '#search': 'search' }, values: { ':keyword': keyword } });
  if (q.status) conditions.push({ expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': q.status } });
  const page: Filling = { rows: [], skip: q.page * q.size, size: q.size };
  const { names, counts } = await directoryOf(ctx);
  const countOf = (roleId: string) => (Object.hasOwn(counts, roleId) ? counts[roleId] : 0);
  let total = 0;

  if (field === 'roleName') {
    // Role by role in name order; a role's members by id (the in-memory sort kept equal names in id order).
    const filter = filterOf(conditions);
    const walked = Object.keys(names)
      .filter((id) => !q.roleId || id === q.roleId)
      .sort((a, b) => compareValues(names[a], names[b]) * (order === 'asc' ? 1 : -1) || compareValues(a, b));
    for (const roleId of walked) {
      const segment = { read: { index: 'byRole', partition: { name: 'orgRole', value: `${orgId}#${roleId}` }, forward: true }, filter };
      const known = filter ? undefined : countOf(roleId);
      if (page.rows.length === page.size || (known !== undefined && page.skip >= known)) {
        if (page.rows.length < page.size) page.skip -= known!;
        total += known ?? (await countRest(store, segment));
        continue;
      }
      const { matched, rest } = await fill(store, segment, page);
      total += known ?? matched + (rest ? await countRest(store, segment, rest) : 0);
    }
  } else {
    if (q.roleId) conditions.push({ expression: '#role = :role', names: { '#role': 'roleId' }, values: { ':role': q.roleId } });
    const segment = { read: { index: SORTED_INDEXES[field], partition: { name: 'orgId', value: orgId }, forward: order === 'asc' }, filter: filterOf(conditions) };
    const { matched, rest } = await fill(store, segment, page);
    // Without a filter, or with the role alone, the directory's member counts are the total.
    const onlyRole = conditions.length === 1 && q.roleId !== undefined;
    const known = conditions.length === 0 ? Object.values(counts).reduce((n, c) => n + c, 0) : onlyRole ? countOf(q.roleId!) : undefined;
    total = known ?? matched + (rest ? await countRest(store, segment, rest) : 0);
  }
  const list = page.rows.map((row) => {
    const view = JSON.parse(row.view as string) as Omit<UserView, 'roleName'>;
    return { ...view, roleName: names[view.roleId] ?? '' };
  });
  return { list, total, page: q.page, size: q.size };
}

/** Present once every membership has its listing row and every organization its role directory. */
export const MEMBER_LISTING_READY = 'upgrade#memberListing';

/** Brings data written before the listing existed up to date. */
export async function ensureMemberListing(store: Store): Promise<void> {
  if (await store.get('uniqueKey', { id: MEMBER_LISTING_READY })) return;
  const links = await store.scanAll('organizationUser');
  await store.putMany('memberListing', links.map(listingRow));
  const directories = new Map<number, RoleDirectory>();
  for (const role of await store.scanAll('userRole')) {
    const directory = directories.get(role.orgId) ?? { orgId: role.orgId, names: {}, counts: {} };
    directory.names[role.id] = role.name;
    directory.counts[role.id] = 0;
    directories.set(role.orgId, directory);
  }
  for (const link of links) {
    const directory = directories.get(link.orgId);
    if (directory && link.roleId in directory.counts) directory.counts[link.roleId]++;
  }
  await store.putMany('roleDirectory', [...directories.values()]);
  await store.put('uniqueKey', { id: MEMBER_LISTING_READY, owner: 'system' });
}
