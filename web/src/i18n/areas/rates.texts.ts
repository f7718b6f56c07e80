/** The per-channel delivery figures of a message (shared/metrics), English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const ratesTexts = {
  campaign: {
    metric: {
      delivered: t('Delivered', '已送达', '配信済み'),
      deliveryRate: t('Delivery rate', '送达率', '配信率'),
    },
  },
} satisfies SideBySide;

export default ratesTexts;
