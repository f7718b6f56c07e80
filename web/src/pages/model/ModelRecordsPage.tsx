/** A model run's failed rows (/library/model/history/record?model=<id>&delivery=<id>): the cloud source's records screen over modelRecord. */
import { RecordsPage } from '../cloudSource/CloudSourceRecordsPage';

export default function ModelRecordsPage() {
  return <RecordsPage kind="model" />;
}
