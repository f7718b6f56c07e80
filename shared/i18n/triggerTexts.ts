/** The trigger step's field messages (spec 001 sections 3.4 and 5), by their English form. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const TRIGGER_TEXTS = {
  maxDelay: entry('Setting exceeding maximum delay time!', '设置超过最大延迟时间！', '設定が最大遅延時間を超えています！'),
  dateChoice: entry('Please choose a valid date.', '请选择有效的日期。', '有効な日付を選んでください。'),
  hoursRequired: entry('Please choose at least one hour.', '请至少选择一个小时。', '少なくとも1つの時刻を選んでください。'),
  weekdaysRequired: entry('Please choose at least one weekday.', '请至少选择一个星期几。', '少なくとも1つの曜日を選んでください。'),
  monthDaysRequired: entry('Please choose at least one day of the month.', '请至少选择每月的一天。', '少なくとも1つの日にちを選んでください。'),
  noOccurrence: entry('The schedule has no time left to run.', '该日程已没有可执行的时间。', 'このスケジュールには実行できる時刻が残っていません。'),
  actionCode: entry('Please choose the action code!', '请选择行为代码！', 'アクションコードを選択してください！'),
} as const;
