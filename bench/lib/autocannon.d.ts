/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  import type { IncomingHttpHeaders } from "node:http";

  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface RequestSpec extends RawRequest {
    setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest | null;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: IncomingHttpHeaders) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
    workers?: number;
    /** Requests per second across all connections (a steady rate instead of as fast as possible). */
    overallRate?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    "4xx": number;
    "5xx": number;
    duration: number;
    start: Date;
    finish: Date;
  }

  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
