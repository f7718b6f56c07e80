/**
 * The import screen's first guess at each column, from headers in English, Japanese or Chinese, else sample values.
 * The key column is id-like, else the e-mail, else the phone: never a name.
 */
import { ATTRIBUTE_NAME } from '../entities/account';
import { LINE_USER_ID } from '../phone';
import { isValidEmail } from '../validation';
import type { ColumnMapping, ConsentField, ImportField } from './accountImport';
import { parseBoolean } from './accountImport';

export const normHeader = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const ALIASES: Record<ImportField, readonly string[]> = {
  email: [
    'email',
    'emails',
    'mail',
    'emailaddress',
    'mailaddress',
    'eメール',
    'eメールアドレス',
    'メール',
    'メールアドレス',
    'メアド',
    '邮箱',
    '邮箱地址',
    '电子邮件',
    '电子邮箱',
    '电子邮件地址',
    '邮件地址',
    '郵箱',
    '電子郵件',
    '電子郵箱',
    '電郵',
    '電子メール',
  ],
  phone: [
    'phone',
    'phones',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'tel',
    'telephone',
    '電話',
    '電話番号',
    '携帯',
    '携帯電話',
    '携帯番号',
    '携帯電話番号',
    '手机',
    '手机号',
    '手机号码',
    '电话',
    '电话号码',
    '联系电话',
    '移动电话',
    '手機',
    '手機號',
    '手機號碼',
    '電話號碼',
    '聯絡電話',
  ],
  lineUserId: ['lineuserid', 'lineid', 'lineユーザーid', 'lineユーザid', 'line用户id', 'line用戶id', 'lineid号'],
  // a full name (氏名, 姓名) is not split: without a separator no one can tell where the family name ends
  addressName: ['recipientname', 'addressee', 'fullname', '氏名', 'お名前', '名前', '宛名', '姓名', '收件人', '收件人姓名', '收货人', '收貨人', '收件人名稱'],
  addressLine1: ['address', 'address1', 'addressline1', 'street', '住所', '住所1', '番地', '町域番地', '地址', '详细地址', '詳細地址', '街道地址', '地址1'],
  addressLine2: ['address2', 'addressline2', '住所2', '建物名', '建物名部屋番号', '地址2'],
  addressLine3: ['address3', 'addressline3', '住所3', '地址3'],
  addressCity: ['city', 'town', '市区町村', '市町村', '市区郡', '市', '城市', '所在城市', '城市名称', '城市名稱'],
  addressRegion: ['region', 'state', 'prefecture', 'province', '都道府県', '県', '省', '省份', '省市', '省直辖市', '州'],
  addressPostcode: ['postcode', 'postalcode', 'zip', 'zipcode', '郵便番号', '邮编', '邮政编码', '郵遞區號', '郵政編碼', '郵編'],
  addressCountry: ['addresscountry'],
  firstName: ['firstname', 'givenname', '名', '下の名前'],
  lastName: ['lastname', 'surname', 'familyname', '姓', '苗字', '姓氏'],
  locale: ['locale', 'language', 'lang'],
  timeZone: ['timezone', 'tz'],
  country: ['country', 'countrycode', '国', '国コード', '国家', '国家代码', '國家', '國家代碼'],
  tags: ['tags', 'tag', 'タグ', '标签', '標籤'],
  emailConsent: ['emailconsent', 'emailoptin'],
  smsConsent: ['smsconsent', 'smsoptin'],
  pushConsent: ['pushconsent', 'pushoptin'],
  lineConsent: ['lineconsent', 'lineoptin'],
  // not 車台番号: a Japanese domestic car's frame number is no 17-character VIN
  vehicleVin: [
    'vin',
    'vehiclevin',
    'vinnumber',
    'vincode',
    'vehicleidentificationnumber',
    '車両識別番号',
    '车辆识别码',
    '车辆识别号',
    '车辆识别代号',
    '车架号',
    'vin码',
    '車輛識別碼',
  ],
  vehicleMake: ['make', 'vehiclemake', 'carmake', 'vehiclebrand', 'carbrand', 'メーカー', 'メーカー名', '車両メーカー', '品牌', '汽车品牌', '车辆品牌', '厂牌', '汽車品牌', '廠牌'],
  vehicleModel: ['model', 'vehiclemodel', 'carmodel', 'モデル', '車種', '車名', '车型', '车款', '車型'],
  vehicleYear: ['year', 'modelyear', 'vehicleyear', 'caryear', '年式', '年款', '年份', '车型年份', '车辆年份', '車型年份'],
  iotDeviceId: ['iotdeviceid', 'iotdevice', 'thingid', 'tcuid', 'telematicsunitid', 'iotデバイスid', 'iot设备id', 'iot裝置id'],
  iotDeviceName: ['iotdevicename', 'devicename', 'thingname', 'iotデバイス名', 'デバイス名', 'iot设备名称', '设备名称', '裝置名稱'],
  iotDeviceType: ['iotdevicetype', 'devicetype', 'thingtype', 'iotデバイス種別', 'デバイス種別', 'iot设备类型', '设备类型', '裝置類型'],
  iotDeviceVin: ['iotdevicevin', 'devicevin', 'thingvin', 'linkedvin'],
};
const FIELD_OF = new Map(Object.entries(ALIASES).flatMap(([field, names]) => names.map((n) => [n, field as ImportField])));
/** else "Model" or "Year" may be anything */
const NAMED_BY: Partial<Record<ImportField, ImportField>> = {
  vehicleMake: 'vehicleVin',
  vehicleModel: 'vehicleVin',
  vehicleYear: 'vehicleVin',
  iotDeviceName: 'iotDeviceId',
  iotDeviceType: 'iotDeviceId',
  iotDeviceVin: 'iotDeviceId',
};

/** sms before e-mail (ショートメール), e-mail before push (メール通知); `line` not inside a word (online) */
const CONSENT_WORD = /consent|optin|agree|permission|同意|許諾|許可|希望|许可|允许|允許|订阅|訂閱/;
const CHANNEL_WORDS: [ConsentField, RegExp][] = [
  ['smsConsent', /sms|ショートメール|ショートメッセージ|短信|簡訊|短訊/],
  ['lineConsent', /(?<![a-z])line/],
  ['emailConsent', /mail|メール|メルマガ|邮件|郵件|邮箱|郵箱|電郵/],
  ['pushConsent', /push|プッシュ|推送|通知/],
];
const channelOf = (norm: string): ConsentField | undefined => CHANNEL_WORDS.find(([, re]) => re.test(norm))?.[0];

const KEY_HEADER =
  /^(?:id|uid|key|(?:account|customer|client|member|user|会員|会员|會員|顧客|客户|客戶|ユーザー?|用户|用戶)(?:id|no|number|code|key|番号|编号|編號|コード|号|號)?)$/;

/** 9 digits or more with separators (a date or a postcode has fewer), or 10-11 digits from 0 or 1. */
function looksLikePhone(value: string): boolean {
  const v = value.normalize('NFKC').trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '');
  if (v.startsWith('+')) return digits.length >= 8 && digits.length <= 15;
  return (digits.length >= 9 && digits.length <= 15 && /[\s().-]/.test(v)) || /^[01]\d{9,10}$/.test(digits);
}

type ContentKind = 'email' | 'phone' | 'lineUserId' | 'boolean';

function contentOf(values: readonly string[]): ContentKind | 'unknown' | undefined {
  if (values.length === 0) return 'unknown';
  if (
    values.every((v) =>
      v
        .split(/[;\s]+/)
        .filter(Boolean)
        .every(isValidEmail),
    )
  )
    return 'email';
  if (values.every((v) => LINE_USER_ID.test(v))) return 'lineUserId';
  if (values.every((v) => parseBoolean(v) !== undefined)) return 'boolean';
  if (values.every((v) => v.split(/[;,]/).every((p) => looksLikePhone(p)))) return 'phone';
  return undefined;
}

export function attributeNameOf(header: string): string | undefined {
  const name = Array.from(
    header
      .normalize('NFKC')
      .trim()
      .replace(/[^\p{L}\p{M}\p{N}_-]+/gu, '_')
      .replace(/^[^\p{L}]+/u, ''),
  )
    .slice(0, 64)
    .join('');
  return name && ATTRIBUTE_NAME.test(name) ? name : undefined;
}

function fieldOf(norm: string, content: ReturnType<typeof contentOf>, used: ReadonlySet<string>, headed: ReadonlySet<ImportField | undefined>): ImportField | undefined {
  let field = FIELD_OF.get(norm);
  const namedBy = field && NAMED_BY[field];
  if (namedBy && !headed.has(namedBy)) field = undefined;
  // 住所 and 番地 both: the second is the next address line
  if (field && LINES.includes(field) && used.has(field)) field = LINES.find((l) => !used.has(l));
  if (field && !used.has(field)) return field;
  // a consent by its header unless its values are no yes/no (a date's)
  const channel = channelOf(norm);
  const yesNo = content === 'boolean' || (content === 'unknown' && CONSENT_WORD.test(norm));
  if (channel && !used.has(channel) && yesNo) return channel;
  if (content && content !== 'boolean' && content !== 'unknown' && !used.has(content)) return content;
  return undefined;
}

const NAME_FIELDS: readonly string[] = ['firstName', 'lastName', 'addressName'];
const LINES: ImportField[] = ['addressLine1', 'addressLine2', 'addressLine3'];

export function guessMappings(columns: readonly string[], sample: readonly (readonly string[])[] = []): { mappings: ColumnMapping[]; primaryKeyColumn: number } {
  const mappings: ColumnMapping[] = [];
  const used = new Set<string>();
  const keyColumn = columns.findIndex((c) => KEY_HEADER.test(normHeader(c)));
  const headed = new Set(columns.map((c) => FIELD_OF.get(normHeader(c))));
  columns.forEach((header, column) => {
    // an id-like key column is the account id
    if (column === keyColumn) return;
    const content = contentOf(sample.map((r) => (r[column] ?? '').trim()).filter(Boolean));
    const field = fieldOf(normHeader(header), content, used, headed);
    if (field) {
      used.add(field);
      mappings.push({ column, target: field, type: 'text' });
      return;
    }
    const name = attributeNameOf(header);
    if (name && !used.has(`attributes.${name}`)) {
      used.add(`attributes.${name}`);
      mappings.push({ column, target: 'attribute', attribute: name, type: content === 'boolean' ? 'boolean' : 'text' });
    }
  });
  const columnOf = (target: string) => mappings.find((m) => m.target === target)?.column;
  const notName = columns.findIndex((_, column) => !NAME_FIELDS.includes(mappings.find((m) => m.column === column)?.target ?? ''));
  const primaryKeyColumn = keyColumn >= 0 ? keyColumn : (columnOf('email') ?? columnOf('phone') ?? Math.max(0, notName));
  return { mappings, primaryKeyColumn };
}
