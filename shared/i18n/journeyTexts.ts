/** The campaign builder's server texts (shared/plan/journey.ts JOURNEY_MESSAGES), in zh and ja. */
import { JOURNEY_MESSAGES as M } from '../plan/journey';
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const JOURNEY_TEXTS = {
  stepId: entry(M.stepId, '步骤 ID 为 1 到 32 个字母、数字、- 或 _。', 'ステップ ID は 1〜32 文字の英数字、- または _ です。'),
  delay: entry(M.delay, '设置超过最大延迟时间！', '設定が最大遅延時間を超えています！'),
  delayMin: entry(M.delayMin, '延迟至少为 1 分钟。', '遅延は 1 分以上にしてください。'),
  localDateTime: entry(M.localDateTime, '请选择有效的日期和时间。', '有効な日時を選んでください。'),
  missingStep: entry(M.missingStep, '该步骤不存在。', 'このステップは存在しません。'),
  entry: entry(M.entry, '旅程必须有且只有一个入口步骤。', 'ジャーニーには入口ステップがちょうど 1 つ必要です。'),
  cycle: entry(M.cycle, '旅程在此处形成了循环：每条路径都必须以退出结束。', 'ジャーニーがここで循環しています。すべての経路は終了で終わる必要があります。'),
  unreachable: entry(M.unreachable, '从入口没有路径能到达此步骤。', '入口からこのステップに到達する経路がありません。'),
  shares: entry(M.shares, '比例之和必须为 100。', '配分の合計は 100 にしてください。'),
  variants: entry(M.variants, 'A/B 拆分需要 2 到 5 个变体。', 'A/B 分割には 2〜5 個のバリエーションが必要です。'),
  notMessage: entry(M.notMessage, '这里必须是旅程中的消息步骤。', 'ここにはジャーニーのメッセージステップを指定してください。'),
  notBefore: entry(M.notBefore, '该消息必须位于此分支之前。', 'メッセージはこの分岐より前にある必要があります。'),
  winnerVariants: entry(M.winnerVariants, '设置胜出规则时，每个变体都必须通向一条消息。', '勝者ルールを設定する場合、各バリエーションはメッセージにつながる必要があります。'),
  content: entry(M.content, '该内容无法通过此渠道发送。', 'このコンテンツはこのチャネルでは送信できません。'),
  tooMany: entry(M.tooMany, '一个旅程最多 100 个步骤。', 'ジャーニーのステップは最大 100 個です。'),
  noMessage: entry(M.noMessage, '旅程至少需要一个消息步骤。', 'ジャーニーには少なくとも 1 つのメッセージステップが必要です。'),
} as const;
