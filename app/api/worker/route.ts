import { workerRoute } from "@/server/http/worker-route";

export const dynamic = "force-dynamic";
export const POST = workerRoute;
