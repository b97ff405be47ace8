import { SettlementsConsole } from "@/components/console/settlements-console";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.consoleSettlements);

export default function Page() {
  return <SettlementsConsole />;
}
