/** The catalogue sizes a size-sweeping benchmark runs at: `BENCH_SIZES` (default 1,000 and 10,000); exits naming the fix when malformed. */
export function benchSizes(): number[] {
  const sizes = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map((size) => Number(size.trim()));
  if (!sizes.length || sizes.some((size) => !Number.isInteger(size) || size < 7 || size > 50_000)) {
    console.error(
      `BENCH_SIZES=${process.env.BENCH_SIZES} must be comma-separated whole numbers from 7 to 50000 (e.g. BENCH_SIZES=1000,10000).`,
    );
    process.exit(1);
  }
  return sizes;
}
