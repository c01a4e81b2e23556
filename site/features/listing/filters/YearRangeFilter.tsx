import { Slider } from "radix-ui";
import { DEFAULT_YEAR_RANGE } from "#contract/listing";
import { setYearRange } from "../filters-store";

/** Props of YearRangeFilter: the server's range (default 1900-2023) and the chosen range. */
type Props = { bounds: [number, number] | null; value: [number, number] | null };

/** A two-thumb year slider with step 1. */
export default function YearRangeFilter({ bounds, value }: Props) {
  const [min, max] = bounds ?? DEFAULT_YEAR_RANGE;
  const current = value ?? [min, max];
  return (
    <div>
      <p id="year-range-label" className="mb-2 text-sm font-semibold text-walnut">{`Year Range: ${current[0]} – ${current[1]}`}</p>
      <Slider.Root
        min={min}
        max={max}
        step={1}
        value={current}
        onValueChange={([from = min, to = max]) => setYearRange([from, to])}
        className="relative flex h-5 w-full touch-none items-center"
        aria-labelledby="year-range-label"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-cream-300">
          <Slider.Range className="absolute h-full rounded-full bg-oxblood-700" />
        </Slider.Track>
        <Slider.Thumb aria-label="Earliest year" className="block size-5 rounded-full border-2 border-oxblood-700 bg-cream-50" />
        <Slider.Thumb aria-label="Latest year" className="block size-5 rounded-full border-2 border-oxblood-700 bg-cream-50" />
      </Slider.Root>
    </div>
  );
}
