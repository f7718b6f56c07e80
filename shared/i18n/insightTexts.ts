/** What the behaviour insights and the web snippet's calls say about a bad request, by their English form. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const INSIGHT_TEXTS = {
  funnelMin: entry('Choose at least two events for a funnel.', '漏斗至少需要选择两个事件。', 'ファネルにはイベントを 2 つ以上選んでください。'),
  funnelMax: entry('A funnel has at most {max} steps.', '漏斗最多 {max} 个步骤。', 'ファネルのステップは {max} 個までです。'),
  accountId: entry('Enter an account id.', '请输入账户 ID。', 'アカウント ID を入力してください。'),
  origins: entry(
    'Please enter one origin a line, such as https://shop.example.com.',
    '请每行输入一个来源，例如 https://shop.example.com。',
    '1 行に 1 つのオリジンを入力してください（例：https://shop.example.com）。',
  ),
  webOperation: entry('A web app may only identify accounts and track events.', '网页应用只能识别账户和记录事件。', 'Web アプリはアカウントの識別とイベントの記録のみ行えます。'),
  webOrigin: entry(
    "The page's origin is not one of the web app's allowed origins.",
    '该页面的来源不在网页应用允许的来源之中。',
    'このページのオリジンは Web アプリの許可オリジンに含まれていません。',
  ),
  perAddress: entry(
    'More than {limit} calls a minute from this address. Try again in {wait} s.',
    '此地址每分钟调用超过 {limit} 次。请在 {wait} 秒后重试。',
    'このアドレスからの呼び出しが 1 分間に {limit} 回を超えました。{wait} 秒後にもう一度お試しください。',
  ),
} as const;
