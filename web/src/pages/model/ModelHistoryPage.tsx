/** A model's runs (/library/model/history?model=<id>): the cloud source's history screen over modelHistory. */
import { HistoryPage } from '../cloudSource/CloudSourceHistoryPage';

export default function ModelHistoryPage() {
  return <HistoryPage kind="model" />;
}
