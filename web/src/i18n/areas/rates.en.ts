/** The per-channel delivery figures of a message (shared/metrics) in English. */
const ratesEn = {
  campaign: {
    metric: {
      delivered: 'Delivered',
      deliveryRate: 'Delivery rate',
    },
  },
};
export default ratesEn;
