/** The campaign builder's server texts (shared/plan/journey.ts JOURNEY_MESSAGES), in zh and ja. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const JOURNEY_TEXTS = {
  stepId: entry('A step id is 1 to 32 letters, digits, - or _.', '步骤 ID 为 1 到 32 个字母、数字、- 或 _。', 'ステップ ID は 1〜32 文字の英数字、- または _ です。'),
  delay: entry('Setting exceeding maximum delay time!', '设置超过最大延迟时间！', '設定が最大遅延時間を超えています！'),
  delayMin: entry('A delay is at least 1 minute.', '延迟至少为 1 分钟。', '遅延は 1 分以上にしてください。'),
  localDateTime: entry('Please choose a valid date and time.', '请选择有效的日期和时间。', '有効な日時を選んでください。'),
  missingStep: entry('This step does not exist.', '该步骤不存在。', 'このステップは存在しません。'),
  entry: entry('The journey needs exactly one entry step.', '旅程必须有且只有一个入口步骤。', 'ジャーニーには入口ステップがちょうど 1 つ必要です。'),
  cycle: entry(
    'The journey goes round in a circle here: every path must end at an exit.',
    '旅程在此处形成了循环：每条路径都必须以退出结束。',
    'ジャーニーがここで循環しています。すべての経路は終了で終わる必要があります。',
  ),
  unreachable: entry('No path from the entry reaches this step.', '从入口没有路径能到达此步骤。', '入口からこのステップに到達する経路がありません。'),
  shares: entry('The shares must add up to 100.', '比例之和必须为 100。', '配分の合計は 100 にしてください。'),
  variants: entry('An A/B split needs 2 to 5 variants.', 'A/B 拆分需要 2 到 5 个变体。', 'A/B 分割には 2〜5 個のバリエーションが必要です。'),
  notMessage: entry('This must be a message step of the journey.', '这里必须是旅程中的消息步骤。', 'ここにはジャーニーのメッセージステップを指定してください。'),
  notBefore: entry('The message must come before this branch.', '该消息必须位于此分支之前。', 'メッセージはこの分岐より前にある必要があります。'),
  winnerVariants: entry(
    'With a winner rule every variant must lead to a message.',
    '设置胜出规则时，每个变体都必须通向一条消息。',
    '勝者ルールを設定する場合、各バリエーションはメッセージにつながる必要があります。',
  ),
  content: entry('The content cannot be sent over this channel.', '该内容无法通过此渠道发送。', 'このコンテンツはこのチャネルでは送信できません。'),
  tooMany: entry('A journey has at most 100 steps.', '一个旅程最多 100 个步骤。', 'ジャーニーのステップは最大 100 個です。'),
  noMessage: entry('The journey needs at least one message step.', '旅程至少需要一个消息步骤。', 'ジャーニーには少なくとも 1 つのメッセージステップが必要です。'),
} as const;
