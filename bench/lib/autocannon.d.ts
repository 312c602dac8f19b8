// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Latency = { p50: number; p97_5: number; p99: number; average: number };
  type Result = {
    requests: { total: number; average: number };
    latency: Latency;
    errors: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
  }): Promise<Result>;
}
