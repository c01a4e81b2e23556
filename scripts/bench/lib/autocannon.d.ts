/** The slice of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number; mean: number };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: Request) => Request }[];
  }): Promise<Result>;
}
