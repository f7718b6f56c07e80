import type en from './rates.en';

/** メッセージのチャネル別配信指標（shared/metrics）、日本語。 */
const ratesJa: typeof en = {
  campaign: {
    metric: {
      delivered: '配信済み',
      deliveryRate: '配信率',
    },
  },
};
export default ratesJa;
