/**
 * Which live connectors are configured. No real network operator is wired yet, so
 * live mode answers 503 `Network unavailable` for every network (D9: never fake a
 * live outcome). The payments core fills in the connector interface behind this.
 */
export function isLiveConnectorConfigured(_countryCode: string, _network: string): boolean {
  return false;
}
