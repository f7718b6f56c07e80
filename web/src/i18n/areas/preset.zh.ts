/** 预设参数值页面的中文文本。 */
const presetZh = {
  preset: {
    noParameter: '请在列表中选择一个预设参数以查看其值。',
    back: '预设参数',
    usage: '在消息中：{{token}}',
    add: '添加值',
    search: '键的开头',
    find: '查找',
    loading: '正在加载值',
    empty: '没有值。请上传参数的文件，或添加一个值。',
    key: '键',
    alias: '别名',
    value: '值',
    more: '显示更多',
    editItem: '编辑 {{key}} 的 {{alias}}',
    deleteItem: '删除 {{key}} 的 {{alias}}',
    deleteTitle: '删除值',
    deleteConfirm: '删除 {{key}} 的 {{alias}}？',
    deleted: '已删除 {{key}} 的 {{alias}}。',
    saved: '已保存 {{key}} 的 {{alias}}。',
    keyRequired: '请输入键！',
    aliasRequired: '请输入别名！',
  },
};
export default presetZh;
