/** The generic entity screens' list and dialog texts in Chinese: the same keys and placeholders as ./entityCrud.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { EntityCrudTexts } from './entityCrud.en';

const entityCrudZh: LocaleShape<EntityCrudTexts> = {
  crud: {
    secretKeep: '已设置：留空则保持不变',
    secretNew: '未设置',
    headers: { key: '第 {{n}} 项的名称', value: '第 {{n}} 项的值', place: '第 {{n}} 项的位置', header: '请求头', query: '查询参数', remove: '删除第 {{n}} 项', add: '添加一项' },
    modelFields: {
      name: '字段 {{n}} 的名称',
      type: '字段 {{n}} 的类型',
      required: '字段 {{n}} 为必填',
      requiredShort: '必填',
      remove: '删除字段 {{n}}',
      add: '添加字段',
      types: { TEXT: '文本', NUMBER: '数字', BOOLEAN: '是/否', DATE: '日期' },
    },
    map: {
      tilePicture: '地图（缩放 {{zoom}}）：点击放置位置',
      picture: '经纬度地图（缩放 {{zoom}}）：点击放置位置',
      hint: '点击地图放置位置，或输入纬度和经度。',
      at: '{{latitude}}, {{longitude}}',
      zoomIn: '放大',
      zoomOut: '缩小',
      center: '将地图居中到该位置',
    },
    add: '新建{{one}}',
    edit: '编辑{{one}}',
    created: '已创建 {{name}}。',
    saved: '已保存 {{name}}。',
    deleteTitle: '删除{{one}}',
    deleteConfirm: '删除 {{name}}？',
    deleted: '已删除 {{name}}。',
    taken: '此{{field}}已被使用。',
    choose: '请选择…',
  },
};

export default entityCrudZh;
