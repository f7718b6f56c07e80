import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_NAME } from '../entities/account';
import { compileRule } from '../segment/evaluate';
import { fieldKind, ruleSchema } from '../segment/rule';
import { attributeNameOf, guessMappings } from './guess';

/** column → what it was guessed as: a field, `attribute:<name>:<type>`, or nothing */
function targets(columns: string[], sample: string[][] = []): { key: string; byHeader: Record<string, string> } {
  const guess = guessMappings(columns, sample);
  const byHeader = Object.fromEntries(guess.mappings.map((m) => [columns[m.column], m.target === 'attribute' ? `attribute:${m.attribute}:${m.type}` : m.target]));
  return { key: columns[guess.primaryKeyColumn], byHeader };
}

describe('headers in Japanese', () => {
  it('reads a Tokyo team’s member file: names, contacts, address parts, consents; the id is the key', () => {
    const columns = [
      '会員ID',
      '姓',
      '名',
      'メールアドレス',
      '携帯電話',
      'LINEユーザーID',
      'メール配信同意',
      'SMS同意',
      'プッシュ通知同意',
      'LINE同意',
      '郵便番号',
      '都道府県',
      '市区町村',
      '住所',
      '番地',
      '会員ランク',
      '氏名',
    ];
    expect(targets(columns)).toEqual({
      key: '会員ID',
      byHeader: {
        姓: 'lastName',
        名: 'firstName',
        メールアドレス: 'email',
        携帯電話: 'phone',
        LINEユーザーID: 'lineUserId',
        メール配信同意: 'emailConsent',
        SMS同意: 'smsConsent',
        プッシュ通知同意: 'pushConsent',
        LINE同意: 'lineConsent',
        郵便番号: 'addressPostcode',
        都道府県: 'addressRegion',
        市区町村: 'addressCity',
        住所: 'addressLine1',
        // a second address column is the next line
        番地: 'addressLine2',
        会員ランク: 'attribute:会員ランク:text',
        // a full name is the name the account is addressed by
        氏名: 'addressName',
      },
    });
  });

  it('reads other usual spellings, and full-width letters as their ASCII selves', () => {
    expect(targets(['会員番号', 'Ｅメール', '電話番号', 'ＬＩＮＥ ＩＤ', 'ＳＭＳ同意', 'お名前', 'メール']).byHeader).toEqual({
      Ｅメール: 'email',
      電話番号: 'phone',
      'ＬＩＮＥ ＩＤ': 'lineUserId',
      ＳＭＳ同意: 'smsConsent',
      お名前: 'addressName',
      // e-mail is taken: the second such column is an attribute
      メール: 'attribute:メール:text',
    });
    expect(targets(['顧客ID', 'メール', '携帯番号']).key).toBe('顧客ID');
    expect(targets(['氏名', 'ユーザーID']).key).toBe('ユーザーID');
  });
});

describe('headers in Chinese', () => {
  it('reads a Shanghai team’s file: the full name, e-mail, mobile, province and SMS consent; the e-mail is the key and its field', () => {
    const guess = guessMappings(['姓名', '邮箱', '手机', '省份', '同意短信']);
    expect(guess.primaryKeyColumn).toBe(1);
    expect(guess.mappings.map((m) => m.target)).toEqual(['addressName', 'email', 'phone', 'addressRegion', 'smsConsent']);
  });

  it('reads simplified and traditional spellings', () => {
    expect(targets(['会员编号', '姓', '名', '电子邮件', '手机号', '城市', '地址', '邮编', '同意邮件', '推送同意']).byHeader).toEqual({
      姓: 'lastName',
      名: 'firstName',
      电子邮件: 'email',
      手机号: 'phone',
      城市: 'addressCity',
      地址: 'addressLine1',
      邮编: 'addressPostcode',
      同意邮件: 'emailConsent',
      推送同意: 'pushConsent',
    });
    expect(targets(['會員編號', '電子郵件', '手機號碼', '郵遞區號']).byHeader).toEqual({ 電子郵件: 'email', 手機號碼: 'phone', 郵遞區號: 'addressPostcode' });
    expect(targets(['用户ID', '邮箱']).key).toBe('用户ID');
  });
});

describe('headers in English', () => {
  it('reads consent columns by their words', () => {
    expect(targets(['customer_id', 'Email opt-in', 'SMS consent', 'Agree to push', 'Online member']).byHeader).toEqual({
      'Email opt-in': 'emailConsent',
      'SMS consent': 'smsConsent',
      'Agree to push': 'pushConsent',
      // "line" inside a word is no LINE channel
      'Online member': 'attribute:Online_member:text',
    });
  });
});

describe('columns read by their values', () => {
  const columns = ['連絡先', '番号', 'LINE', '通知', 'メルマガ', 'flag', '入会日', '〒番号'];
  const sample = [
    ['a@example.com', '090-1234-5678', `U${'a'.repeat(32)}`, 'はい', '是', 'true', '2026-01-31', '150-0002'],
    ['b@example.com', '+8613800138000', `U${'b'.repeat(32)}`, 'いいえ', '否', 'false', '2026-02-01', '530-0001'],
    ['', '13800138000', '', '', '', '1', '', ''],
  ];

  it('takes e-mails, phone numbers (E.164 or national) and LINE ids; yes/no is a consent only where the header names a channel', () => {
    expect(targets(columns, sample)).toEqual({
      key: '連絡先',
      byHeader: {
        連絡先: 'email',
        番号: 'phone',
        LINE: 'lineUserId',
        通知: 'pushConsent',
        メルマガ: 'emailConsent',
        flag: 'attribute:flag:boolean',
        // a date or a postcode is no phone number
        入会日: 'attribute:入会日:text',
        '〒番号': 'attribute:番号:text',
      },
    });
  });

  it('a consent header over values that are no yes/no is an attribute', () => {
    expect(targets(['id', 'メール配信同意日', 'SMS同意'], [['1', '2026-01-31', 'はい']]).byHeader).toEqual({
      メール配信同意日: 'attribute:メール配信同意日:text',
      SMS同意: 'smsConsent',
    });
  });

  it('keys on the phone column when there is no id or e-mail, and never on a name', () => {
    expect(targets(['姓名', 'tel no.', 'note'], [['王伟', '138 0013 8000', 'x']])).toMatchObject({ key: 'tel no.', byHeader: { 'tel no.': 'phone' } });
    expect(targets(['姓', '名', 'ランク']).key).toBe('ランク');
    expect(targets(['氏名']).key).toBe('氏名');
  });

  it('an id-like key column fills no field', () => {
    const guess = guessMappings(['Customer ID', 'E-mail'], [['C1', 'a@example.com']]);
    expect(guess).toEqual({ primaryKeyColumn: 0, mappings: [{ column: 1, target: 'email', type: 'text' }] });
  });
});

describe('attribute names in any script (issue: 会員ランク)', () => {
  it('are named as their headers, letters of any script kept', () => {
    expect(attributeNameOf('会員ランク')).toBe('会員ランク');
    expect(attributeNameOf('ＶＩＰ区分')).toBe('VIP区分');
    expect(attributeNameOf('会员 等级')).toBe('会员_等级');
    expect(attributeNameOf('2nd')).toBe('nd');
    expect(attributeNameOf('１２３')).toBeUndefined();
  });

  it('are account attribute names, with the same limits as before, and still never a path or __proto__', () => {
    for (const name of ['会員ランク', '会员等级', 'plan', 'Plan_2', 'ランク-A', 'x'.repeat(64), '字'.repeat(64)]) expect(ATTRIBUTE_NAME.test(name), name).toBe(true);
    for (const name of ['__proto__', '_x', '1st', 'a.b', 'a b', '', 'x'.repeat(65), '字'.repeat(65), '-a']) expect(ATTRIBUTE_NAME.test(name), name).toBe(false);
  });

  it('a segment filters on such an attribute', () => {
    expect(fieldKind('attributes.会員ランク')).toBe('attribute');
    const rule = ruleSchema.parse({ op: 'AND', conditions: [{ field: 'attributes.会員ランク', operator: 'equals', value: 'ゴールド' }] });
    const matches = compileRule(rule, Date.now());
    expect(matches({ attributes: { 会員ランク: 'ゴールド' } })).toBe(true);
    expect(matches({ attributes: { 会員ランク: 'シルバー' } })).toBe(false);
    expect(matches({ attributes: {} })).toBe(false);
  });
});
