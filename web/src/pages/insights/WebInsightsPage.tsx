/** /behaviorInsights/webAccountTrack: what web accounts do, and the snippet that reports it. */
import { InsightsPage } from './InsightsPage';

export default function WebInsightsPage() {
  return <InsightsPage source="WEB" />;
}
