/** The presets' texts: the generic screens of presets and their categories, the builder and the picker, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const presetsTexts = {
  entity: {
    preset: {
      one: t('preset', '预设', 'プリセット'),
      intro: t(
        'Reusable content and parameter sets that templates and campaigns insert. A preset template is the starting point of new presets.',
        '可重复使用的内容和参数集，供模板和活动插入。预设模板是新预设的起点。',
        'テンプレートやキャンペーンに挿入できる、再利用可能なコンテンツとパラメータのセットです。プリセットテンプレートは新しいプリセットの出発点です。',
      ),
      empty: t('No presets yet.', '暂无预设。', 'プリセットはまだありません。'),
      taken: t('A preset with this name already exists.', '已存在同名的预设。', '同じ名前のプリセットがすでにあります。'),
      name: t('Name', '名称', '名前'),
      categoryId: t('Category', '分类', 'カテゴリ'),
      channel: t('Channel', '渠道', 'チャネル'),
      isTemplate: t('Preset template', '预设模板', 'プリセットテンプレート'),
      description: t('Description', '描述', '説明'),
      option: {
        channel: {
          ANY: t('Any channel', '任意渠道', 'すべてのチャネル'),
          EMAIL: t('E-mail', '电子邮件', 'メール'),
          PUSH_NATIVE: t('Push', '推送', 'プッシュ'),
          SMS: t('SMS', 'SMS', 'SMS'),
          LINE: t('LINE', 'LINE', 'LINE'),
          DIRECT_MAIL: t('Letter', '信件', 'レター'),
        },
      },
      builderItem: t('Open {{name}} in the builder', '在构建器中打开 {{name}}', '{{name}} をビルダーで開く'),
      fromTemplateItem: t('New preset from {{name}}', '从 {{name}} 新建预设', '{{name}} から新しいプリセットを作成'),
    },
    presetCategory: {
      one: t('category', '分类', 'カテゴリ'),
      intro: t('Group presets so people find them.', '将预设分组，方便查找。', 'プリセットをグループにまとめて見つけやすくします。'),
      empty: t('No categories yet.', '暂无分类。', 'カテゴリはまだありません。'),
      name: t('Name', '名称', '名前'),
      description: t('Description', '描述', '説明'),
    },
  },
  presetBuilder: {
    back: t('Presets', '预设', 'プリセット'),
    newTitle: t('New preset', '新建预设', '新しいプリセット'),
    intro: t(
      'Compose the preset from blocks, and choose the preset parameters its content uses with a default value each.',
      '用区块组成预设，并选择其内容使用的预设参数，为每个参数设置默认值。',
      'ブロックでプリセットを組み立て、コンテンツで使うプリセットパラメータとそれぞれのデフォルト値を選びます。',
    ),
    fromTemplate: t('Starting from the preset template {{name}}.', '以预设模板 {{name}} 为起点。', 'プリセットテンプレート {{name}} から作成しています。'),
    details: t('Details', '详情', '詳細'),
    content: t('Content', '内容', 'コンテンツ'),
    parameters: t('Parameters', '参数', 'パラメータ'),
    parametersIntro: t(
      'A recipient without a value of the parameter reads its default value.',
      '没有该参数值的收件人将看到默认值。',
      'パラメータの値がない受信者にはデフォルト値が表示されます。',
    ),
    noParameters: t(
      'No parameters yet: add one to use its values in the content.',
      '暂无参数：添加参数后即可在内容中使用其值。',
      'パラメータはまだありません。追加するとその値をコンテンツで使えます。',
    ),
    addParameter: t('Add parameter', '添加参数', 'パラメータを追加'),
    parameter: t('Parameter {{position}}', '参数 {{position}}', 'パラメータ {{position}}'),
    column: t('Column of parameter {{position}}', '参数 {{position}} 的列', 'パラメータ {{position}} の列'),
    defaultValue: t('Default value of parameter {{position}}', '参数 {{position}} 的默认值', 'パラメータ {{position}} のデフォルト値'),
    insertToken: t('Insert {{token}}', '插入 {{token}}', '{{token}} を挿入'),
    removeParameter: t('Remove parameter {{position}}', '删除参数 {{position}}', 'パラメータ {{position}} を削除'),
    tokenInserted: t('{{token}} was inserted.', '已插入 {{token}}。', '{{token}} を挿入しました。'),
    saved: t('{{name}} was saved.', '{{name}} 已保存。', '{{name}} を保存しました。'),
    loadError: t('The preset could not be loaded.', '无法加载该预设。', 'プリセットを読み込めませんでした。'),
  },
  presetPicker: {
    open: t('Insert preset', '插入预设', 'プリセットを挿入'),
    title: t('Insert a preset', '插入预设', 'プリセットを挿入'),
    label: t('Preset', '预设', 'プリセット'),
    none: t('No presets for this channel yet.', '此渠道暂无预设。', 'このチャネルのプリセットはまだありません。'),
    insert: t('Insert', '插入', '挿入'),
    inserted: t('{{name}} was inserted.', '已插入 {{name}}。', '{{name}} を挿入しました。'),
  },
} satisfies SideBySide;

export default presetsTexts;
