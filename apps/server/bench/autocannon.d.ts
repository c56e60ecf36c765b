// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    requests?: AutocannonRequest[];
    /** Stop after this many responses (instead of after `duration`). */
    amount?: number;
    verifyBody?: (body: string) => boolean;
  }
  /** The run: a promise of its result that also reports each response as it comes. */
  interface Instance extends PromiseLike<Result> {
    on(event: 'start', fn: () => void): Instance;
    on(event: 'response', fn: () => void): Instance;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
