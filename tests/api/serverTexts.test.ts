/**
 * Server texts in the reader's language (issue 21 item 3): for each family of text the server shows a person, a
 * ja and a zh reader get their language: the caller's for answers, the recipient's for pages and mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { LinkSigner, TRACKING_PATHS } from '../../functions/channels/links';
import type { CloudSourceSavePayload } from '../../shared/services/cloudSource';
import { ApiClient, manualClock, sentMail, startHerald, uploadThroughLink } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let adminRoleId: string;
const clock = manualClock(Date.UTC(2026, 10, 24, 9));
const LANGS = ['ja', 'zh'] as const;
type Lang = (typeof LANGS)[number];

/** A member of the first organization whose profile language is `lang`. */
async function memberIn(lang: Lang, name: string) {
  const user = await admin.ok('user.save', { username: name, email: `${name}@example.com`, roleId: adminRoleId, password: 'Reader@123' });
  const client = new ApiClient(herald);
  await client.login(name, 'Reader@123');
  await client.ok('user.saveProfile', { language: lang, timeZone: lang === 'ja' ? 'Asia/Tokyo' : 'Asia/Shanghai' });
  return { user, client, email: `${name}@example.com` };
}

const mailsTo = async (address: string) => (await sentMail(herald)).filter((m) => m.destination.to.includes(address));

async function drained() {
  await herald.scheduler.fireDue();
  for (let i = 0; i < 5; i++) await herald.jobs.idle();
}

async function setDefaultLanguage(lang: 'en' | Lang) {
  const { organization } = await admin.ok('systemSetting.detail');
  await admin.ok('systemSetting.save', { ...organization, defaultLanguage: lang });
}

beforeAll(async () => {
  herald = await startHerald({ clock });
  admin = new ApiClient(herald);
  await admin.login();
  adminRoleId = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id;
});
afterAll(() => herald?.stop());

describe('answers, in the caller language', () => {
  it('a catalogue error', async () => {
    const anon = new ApiClient(herald);
    const wrong = (lang: string) => anon.call('auth.login', { username: 'admin', password: 'Wrong@1234' }, { 'x-lang': lang });
    expect((await wrong('ja')).body).toMatchObject({ errorCode: '710002', errorMessage: 'ユーザー名またはパスワードが違います。', error: 'Wrong username or password.' });
    expect((await wrong('zh')).body).toMatchObject({ errorCode: '710002', errorMessage: '用户名或密码错误。' });
  });

  it("a field error: zod's own message and a schema's message, the field's path kept", async () => {
    const refusal = async (payload: unknown, lang: string) => (await admin.call('user.invited', payload, { 'x-lang': lang })).body;
    const badEmail = { email: 'not-an-address', roleId: adminRoleId };
    expect(await refusal(badEmail, 'ja')).toMatchObject({ errorCode: '400016', errorMessage: 'パラメータが無効です。 payload.email: 有効なメールアドレスを入力してください。' });
    expect(await refusal(badEmail, 'zh')).toMatchObject({ errorCode: '400016', errorMessage: '参数无效。 payload.email: 请输入有效的电子邮件地址。' });
    expect(await refusal(badEmail, 'en')).toMatchObject({ errorMessage: 'Parameter not valid. payload.email: Please enter a valid email address.' });
    const noRole = { email: 'someone@example.com' };
    expect((await refusal(noRole, 'ja')).errorMessage).toMatch(/^パラメータが無効です。 payload\.roleId: 無効な入力/);
    expect((await refusal(noRole, 'zh')).errorMessage).toMatch(/^参数无效。 payload\.roleId: 无效输入/);
  });

  it('a detail a handler adds to a catalogue error', async () => {
    const page = { fromRow: 9, rows: [['R1', 'r1@example.com']], bytesRead: 10 };
    const created = await admin.ok('dataImport.create', {
      fileName: 'a.csv',
      totalBytes: 100,
      columns: ['id', 'email'],
      primaryKeyColumn: 0,
      mappings: [{ column: 1, target: 'email' }],
    });
    const gap = async (lang: string) => (await admin.call('dataImport.appendRows', { id: created.id, ...page }, { 'x-lang': lang })).body.errorMessage;
    expect(await gap('ja')).toBe('この項目は無効です。 次のページは 2 行目から始まります。');
    expect(await gap('zh')).toBe('该项无效。 下一页从第 2 行开始。');
  });

  it('an import failure reason, stored once and read in each language', async () => {
    const created = await admin.ok('dataImport.create', {
      fileName: 'b.csv',
      totalBytes: 100,
      columns: ['id', 'email', 'vip'],
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'email' },
        { column: 2, target: 'attribute', attribute: 'vip', type: 'boolean' },
      ],
    });
    await admin.ok('dataImport.appendRows', { id: created.id, fromRow: 2, rows: [['R1', 'not-mail', 'maybe'], ['R2']], bytesRead: 30 });
    const reasons = async (lang: string) =>
      (await admin.call<{ list: { row: number; reason: string }[] }>('dataImport.getFailures', { id: created.id, size: 10 }, { 'x-lang': lang })).payload.list.map((f) => f.reason);
    expect(await reasons('en')).toEqual([
      'email: Please enter the correct email address. vip: The value must be true or false (also yes/no, 1/0).',
      'The row has 1 columns; the header has 3.',
    ]);
    expect(await reasons('ja')).toEqual([
      'email: 正しいメールアドレスを入力してください。 vip: 値は true か false にしてください（yes/no、1/0 も可）。',
      'この行は 1 列ですが、ヘッダーは 3 列です。',
    ]);
    expect(await reasons('zh')).toEqual(['email: 请输入正确的电子邮件地址。 vip: 值必须是 true 或 false（也可用 yes/no、1/0）。', '该行有 1 列，表头有 3 列。']);
  });
});

describe('a cloud source: its reasons in the reader language, its alerts in the receiver language', () => {
  const columns: CloudSourceSavePayload['fileColumns'] = [
    { columnId: 'member_id', regex: 'M[0-9]{4}', checkTitle: true, fieldType: 'ignore' },
    { columnId: 'mail', checkTitle: true, fieldType: 'email' },
  ];
  const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
  let sourceId: string;
  let jaReader: Awaited<ReturnType<typeof memberIn>>;

  beforeAll(async () => {
    jaReader = await memberIn('ja', 'cloud_reader_ja');
    // an address that is no member's reads the organization's language
    await setDefaultLanguage('zh');
    const saved = await admin.ok('cloudSource.save', {
      title: 'Shop drop',
      sourceType: 'UPLOAD',
      fileName: 'members*.csv',
      fileColumns: columns,
      uniqueIdField: 'member_id',
      loopType: 'ONCE',
      status: 'INACTIVE',
      alertTypes: ['FAILURE', 'DONE'],
      emailReceivers: [jaReader.email, 'partner.desk@example.com'],
    } as CloudSourceSavePayload);
    sourceId = saved.id;
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: sourceId, fileName: 'x.csv' }, csv(['member_id,mail', 'M0001,a@example.com']));
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: sourceId, fileName: 'members-1.csv' }, csv(['member_id,mail', 'M0002,b@example.com', 'X9,c@example.com']));
    await admin.ok('cloudSource.runNow', { id: sourceId });
    await drained();
  });
  afterAll(() => setDefaultLanguage('en'));

  const history = async (lang: string) =>
    (await admin.call<{ list: { id: string; fileName: string; error?: string }[] }>('cloudSourceHistory.getListByPage', { sourceId, size: 10 }, { 'x-lang': lang })).payload.list;

  it("a refused file's reason and a refused row's reason", async () => {
    const refused = (list: { fileName: string; error?: string }[]) => list.find((h) => h.fileName === 'x.csv')?.error;
    expect(refused(await history('en'))).toBe("The file name x.csv does not match the source's pattern members*.csv.");
    expect(refused(await history('ja'))).toBe('ファイル名 x.csv がソースのパターン members*.csv に一致しません。');
    expect(refused(await history('zh'))).toBe('文件名 x.csv 与数据源的模式 members*.csv 不匹配。');

    const done = (await history('en')).find((h) => h.fileName === 'members-1.csv')!;
    const records = async (lang: string) =>
      (await admin.call<{ list: { reason: string }[] }>('cloudSourceRecord.getListByPage', { sourceId, id: done.id, afterRow: 0, size: 10 }, { 'x-lang': lang })).payload.list.map(
        (r) => r.reason,
      );
    expect(await records('en')).toEqual(["member_id: The value does not match the column's pattern."]);
    expect(await records('ja')).toEqual(['member_id: 値が列のパターンに一致しません。']);
    expect(await records('zh')).toEqual(['member_id: 该值与列的模式不匹配。']);
  });

  it('alert mails: a member in their language, another address in the organization language', async () => {
    const toMember = await mailsTo(jaReader.email);
    const toDesk = await mailsTo('partner.desk@example.com');
    expect(toMember.map((m) => m.subject).sort()).toEqual([
      'Herald クラウドソース「Shop drop」：members-1.csv をインポートしました',
      'Herald クラウドソース「Shop drop」：x.csv が失敗しました',
    ]);
    expect(toDesk.map((m) => m.subject).sort()).toEqual(['Herald 云数据源“Shop drop”：members-1.csv 已导入', 'Herald 云数据源“Shop drop”：x.csv 失败']);
    const failedJa = toMember.find((m) => m.subject.includes('x.csv'))!.body.text!;
    expect(failedJa).toContain('ステータス：失敗');
    expect(failedJa).toContain('理由：ファイル名 x.csv がソースのパターン members*.csv に一致しません。');
    const failedZh = toDesk.find((m) => m.subject.includes('x.csv'))!.body.text!;
    expect(failedZh).toContain('状态：失败');
    expect(failedZh).toContain('原因：文件名 x.csv 与数据源的模式 members*.csv 不匹配。');
  });
});

describe('pages, in the browser language', () => {
  let signer: LinkSigner;
  const claims = { o: 1, p: 'plan-texts', r: 'run-texts', a: 'acct-texts', c: 'EMAIL' as const };
  beforeAll(() => {
    signer = new LinkSigner(herald.rt.keys.sealKey, herald.url);
  });
  const open = async (path: string, lang: string, init: RequestInit = {}) => {
    const res = await fetch(`${herald.url}${path}`, { ...init, headers: { 'accept-language': lang } });
    return { status: res.status, html: await res.text(), language: res.headers.get('content-language') };
  };

  it('the unsubscribe page, its answer and a broken link', async () => {
    const path = `${TRACKING_PATHS.unsubscribe}${signer.token('unsubscribe', claims)}`;
    const ja = await open(path, 'ja-JP,ja;q=0.9,en;q=0.5');
    expect(ja).toMatchObject({ status: 200, language: 'ja' });
    expect(ja.html).toContain('<html lang="ja">');
    expect(ja.html).toContain('このアドレスでのこれらのメッセージの受信を停止しますか？');
    expect(ja.html).toContain('配信を停止する</button>');
    const zh = await open(path, 'zh-CN,zh;q=0.9');
    expect(zh.html).toContain('不再在此地址接收这些消息？');
    expect(zh.html).toContain('>退订</button>');
    // nothing was sent under these claims: the answer says the link is gone
    expect((await open(path, 'zh-CN', { method: 'POST', body: 'List-Unsubscribe=One-Click' })).html).toContain('此链接已不可用');
    const broken = `${TRACKING_PATHS.unsubscribe}not-a-token`;
    expect(await open(broken, 'ja')).toMatchObject({ status: 400, html: expect.stringContaining('このリンクは無効です') });
    expect(await open(broken, 'zh')).toMatchObject({ status: 400, html: expect.stringContaining('此链接无效') });
    expect((await open(broken, 'fr')).html).toContain('This link is not valid');
  });

  it('the feedback page', async () => {
    const path = `${TRACKING_PATHS.feedback}${signer.token('feedback', { ...claims, f: 'like' })}`;
    expect(await open(path, 'ja')).toMatchObject({ status: 200, html: expect.stringContaining('ご意見ありがとうございました') });
    expect(await open(path, 'zh')).toMatchObject({ status: 200, html: expect.stringContaining('感谢您的反馈') });
    const noAnswer = `${TRACKING_PATHS.feedback}${signer.token('feedback', claims)}`;
    expect((await open(noAnswer, 'ja')).html).toContain('リンクが変更されたか、途中で切れている可能性があります。');
  });
});

describe('mails to a person, in their language', () => {
  it('a password reset in the account language', async () => {
    for (const lang of LANGS) {
      const { email } = await memberIn(lang, `reset_${lang}`);
      await new ApiClient(herald).ok('auth.passwordEmail', { email });
      await herald.jobs.idle();
      const [mail] = await mailsTo(email);
      if (lang === 'ja') {
        expect(mail!.subject).toBe('Herald のパスワードの再設定');
        expect(mail!.body.text).toContain(`reset_ja のパスワードの再設定が依頼されました。`);
        expect(mail!.body.text).toMatch(/このリンクは1回だけ使え、\d+ 時間で期限が切れます。|このリンクは1回だけ使え、1 時間で期限が切れます。/);
      } else {
        expect(mail!.subject).toBe('重置您的 Herald 密码');
        expect(mail!.body.text).toContain('有人申请重置 reset_zh 的密码。');
        expect(mail!.body.html).toContain('该链接只能使用一次');
      }
    }
  });

  it('an invitation: a new person in the organization language, an existing account in its own', async () => {
    await setDefaultLanguage('ja');
    try {
      await admin.ok('user.invited', { email: 'new.person@example.com', roleId: adminRoleId });
      const [fresh] = await mailsTo('new.person@example.com');
      expect(fresh!.subject).toBe('Herald への招待');
      expect(fresh!.body.text).toContain('Herald に招待されました。ユーザー名は new.person@example.com です。');
    } finally {
      await setDefaultLanguage('en');
    }

    const { email } = await memberIn('zh', 'joiner_zh');
    const { other } = await twoOrganizations(herald, 'texts');
    const roleId = (await other.ok('userRole.getAll'))[0].id;
    await other.ok('user.invited', { email, roleId });
    const [join] = await mailsTo(email);
    expect(join!.subject).toBe('您受邀加入 Herald 中的另一个组织');
    expect(join!.body.text).toContain('邀请您的 Herald 账号 joiner_zh');
    expect(join!.body.text).toContain('除非您接受，否则不会有任何变化。');
  });
});
