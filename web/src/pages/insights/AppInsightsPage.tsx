/** /behaviorInsights/accountTrack: what app accounts do. */
import { InsightsPage } from './InsightsPage';

export default function AppInsightsPage() {
  return <InsightsPage source="APP" />;
}
