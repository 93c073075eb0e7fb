// The part of autocannon 9 the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; total: number; p50: number; p99: number }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    pipelining?: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
