import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeHead, detectEncoding } from './upload';

const japanese = '氏名,メールアドレス,都市,会員\n山田太郎,taro@example.jp,東京,はい\n佐藤花子,hanako@example.jp,大阪,いいえ\n';
const simplified = '姓名,电子邮箱,城市,会员\n张伟,wei@example.cn,上海,是\n李娜,na@example.cn,北京,否\n王芳,fang@example.cn,广州,是\n';
const traditional = '姓名,電子郵件,城市,會員\n陳大文,tai@example.tw,臺北,是\n林美玲,mei@example.tw,高雄,否\n黃志明,ming@example.tw,臺中,是\n';

describe('detectEncoding', () => {
  it('takes a Shift_JIS file as Shift_JIS in the ja portal', () => {
    const bytes = iconv.encode(japanese, 'Shift_JIS');
    expect(detectEncoding(bytes, 'ja')).toBe('Shift_JIS');
    expect(decodeHead(bytes, detectEncoding(bytes, 'ja'))).toBe(japanese);
  });

  it('takes a GBK file as GBK in the zh portal, not as Shift_JIS', () => {
    const bytes = iconv.encode(simplified, 'GBK');
    expect(detectEncoding(bytes, 'zh')).toBe('GBK');
    expect(decodeHead(bytes, 'GBK')).toBe(simplified);
  });

  it('takes a GB18030 file as GBK in the zh portal (one decoder reads both)', () => {
    const bytes = iconv.encode(simplified, 'GB18030');
    expect(decodeHead(bytes, detectEncoding(bytes, 'zh'))).toBe(simplified);
  });

  it('takes a Big5 file as Big5 in the zh portal', () => {
    const bytes = iconv.encode(traditional, 'Big5');
    expect(detectEncoding(bytes, 'zh')).toBe('Big5');
    expect(decodeHead(bytes, 'Big5')).toBe(traditional);
  });

  it('still finds each encoding outside its own portal language when the text is clear', () => {
    expect(detectEncoding(iconv.encode(japanese, 'Shift_JIS'), 'zh')).toBe('Shift_JIS');
    expect(detectEncoding(iconv.encode(simplified, 'GBK'), 'ja')).toBe('GBK');
  });

  it('reads the hard cases in their own portal: half-width kana, 髙 and ①, 許功蓋 (a trail byte of 0x5C)', () => {
    const rows = (names: string[]) => `id,name\r\n${names.map((n, i) => `${i},${n}`).join('\r\n')}\r\n`;
    expect(detectEncoding(iconv.encode(rows(['山田太郎', 'ｶﾀｶﾅ表示', '髙橋①']), 'Shift_JIS'), 'ja')).toBe('Shift_JIS');
    expect(detectEncoding(iconv.encode(rows(['张伟', '简体中文', '欧阳娜娜']), 'GBK'), 'zh')).toBe('GBK');
    expect(detectEncoding(iconv.encode(rows(['陳大文', '繁體中文', '許功蓋']), 'Big5'), 'zh')).toBe('Big5');
  });

  it('answers UTF-8 for UTF-8 and plain ASCII files', () => {
    expect(detectEncoding(new TextEncoder().encode(simplified), 'zh')).toBe('UTF-8');
    expect(detectEncoding(new TextEncoder().encode('id,email\n1,a@b.co\n'), 'ja')).toBe('UTF-8');
  });
});
