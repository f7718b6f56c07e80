/** The models' texts: the generic screen's block for the `model` entity (its title is in the main bundle) and its runs' links, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const modelTexts = {
  entity: {
    model: {
      one: t('model', '模型', 'モデル'),
      intro: t(
        'Models read from a cloud source; each delivery of the source is a run of the model that waits for confirmation when the source holds it.',
        '模型从云数据源读取数据；数据源的每次投递都是模型的一次运行，数据源设置为保留时需等待确认。',
        'モデルはクラウドソースから読み込みます。ソースの各配信がモデルの実行で、ソースが保留する場合は確認を待ちます。',
      ),
      empty: t('No models yet.', '暂无模型。', 'モデルはまだありません。'),
      name: t('Name', '名称', '名前'),
      description: t('Description', '描述', '説明'),
      cloudSourceId: t('Cloud source', '云数据源', 'クラウドソース'),
      fields: t('Fields of its records', '记录的字段', 'レコードの項目'),
    },
  },
  modelRuns: {
    back: t('Models', '模型', 'モデル'),
    noModel: t('Choose a model in the list to see its runs.', '请在模型列表中选择一个模型以查看其运行。', '実行を見るには一覧でモデルを選んでください。'),
    history: t('History of {{name}}', '{{name}} 的历史', '{{name}} の履歴'),
  },
} satisfies SideBySide;

export default modelTexts;
