import { describe, expect, it } from 'vitest';
import { CLOUD_MESSAGES } from '../../../shared/entities/cloudSource';
import { dataExportCreatePayload } from '../../../shared/services/dataExport';
import { STATIC_LIST_MESSAGES } from '../../../shared/segment';
import { fieldErrorsOf, safeParseIn, schemaErrors, schemaText } from './schemaErrors';

/** The export dialog's form (DataExportPage) with no title and no known type. */
const bad = { title: '', exportType: 'NOPE' };

describe('schemaErrors: a shared schema checked in the browser, in the portal language', () => {
  it('gives each field its first message in ja and zh, the schemas’ sentences and zod’s own', () => {
    expect(schemaErrors(dataExportCreatePayload, bad, 'ja')).toEqual({ title: 'タイトルを入力してください！', exportType: 'エクスポートの種類を選択してください！' });
    expect(schemaErrors(dataExportCreatePayload, bad, 'zh')).toEqual({ title: '请输入标题！', exportType: '请选择导出类型！' });
    // zod's own message (columns that are no list) in zod's wording for the language
    expect(schemaErrors(dataExportCreatePayload, { title: 'All', exportType: 'ACCOUNTS', columns: 'email' }, 'ja')?.columns).toMatch(/^無効な入力/);
    expect(schemaErrors(dataExportCreatePayload, { title: 'All', exportType: 'ACCOUNTS', columns: 'email' }, 'zh')?.columns).toMatch(/^无效输入/);
  });

  it('keeps English for an English portal and nothing for a valid form', () => {
    expect(schemaErrors(dataExportCreatePayload, bad, 'en')).toEqual({ title: 'Please input the title!', exportType: 'Please select the export type!' });
    expect(schemaErrors(dataExportCreatePayload, { title: 'All', exportType: 'ACCOUNTS' }, 'ja')).toBeNull();
  });

  it('keeps the paths, so a page can key its fields its own way', () => {
    const parsed = safeParseIn(dataExportCreatePayload, { title: 'All', exportType: 'UNSUBSCRIPTIONS', columns: [], segmentId: 'seg1' }, 'ja');
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues.map((i) => i.path)).toEqual([['columns'], ['segmentId']]);
    expect(fieldErrorsOf(parsed.error, (path) => `x.${String(path[0])}`)).toEqual({
      'x.columns': '列を1つ以上選んでください。',
      'x.segmentId': 'セグメントを指定できるのはアカウントのエクスポートだけです。',
    });
  });

  it('translates a rule the schema cannot state', () => {
    expect(schemaText(CLOUD_MESSAGES.credential, 'en')).toEqual(CLOUD_MESSAGES.credential);
    expect(schemaText(CLOUD_MESSAGES.credential, 'ja')).not.toBe(CLOUD_MESSAGES.credential);
    // the segment editor's static lists
    expect(schemaText(STATIC_LIST_MESSAGES.tooMany, 'ja')).toBe(
      'リストに入れられるアカウント ID は 2,000 件までです。それ以上はアカウントにタグを付け、タグの条件を追加してください。',
    );
    expect(schemaText(STATIC_LIST_MESSAGES.idTooLong, 'zh')).toBe('账户 ID 最多 64 个字符。');
  });
});
