import { readyz } from "@/server/http/health";

export const dynamic = "force-dynamic";
export const GET = readyz;
