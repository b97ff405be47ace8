import crypto from "node:crypto";
import { getDb } from "../db/client";
import { env } from "../env";
import { errors } from "../errors";
import { runWorkerBatch } from "../worker/run-batch";
import { errorResponse, success } from "./envelope";
import { servedBoth, toErrorResponse } from "./api-route";

/** POST /api/worker: one batch, for deployments driven by an external scheduler (D13). */
export const workerRoute = servedBoth(async (req) => {
  try {
    const secret = env().WORKER_SECRET;
    if (!secret) return errorResponse(errors.notFound());
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
    const a = crypto.createHash("sha256").update(given).digest();
    const b = crypto.createHash("sha256").update(secret).digest();
    if (!crypto.timingSafeEqual(a, b)) return errorResponse(errors.unauthenticated());
    const result = await runWorkerBatch(await getDb());
    return success({ jobs: result }, "Worker batch completed");
  } catch (err) {
    return toErrorResponse(err, "worker");
  }
});
