/** The slice of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number; mean: number };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  export default function autocannon(options: { url: string; connections: number; duration: number; headers?: Record<string, string> }): Promise<Result>;
}
