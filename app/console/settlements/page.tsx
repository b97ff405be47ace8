import { SettlementsConsole } from "@/components/console/settlements-console";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.consoleSettlements);

export default function Page() {
  return <SettlementsConsole />;
}
