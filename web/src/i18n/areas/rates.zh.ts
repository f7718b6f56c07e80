import type en from './rates.en';

/** 消息按渠道的送达指标（shared/metrics），中文。 */
const ratesZh: typeof en = {
  campaign: {
    metric: {
      delivered: '已送达',
      deliveryRate: '送达率',
    },
  },
};
export default ratesZh;
