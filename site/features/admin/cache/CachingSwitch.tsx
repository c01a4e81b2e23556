import { useStore } from "@nanostores/react";
import { Switch } from "radix-ui";
import { $cacheStats, $cachingPending, toggleCaching } from "./cache-store";

/** The server caching on/off switch; disabled until stats load and while its request runs. */
export default function CachingSwitch() {
  const { data } = useStore($cacheStats);
  const pending = useStore($cachingPending);
  const enabled = data?.isCachingEnabled ?? false;
  return (
    <div className="flex items-center gap-3">
      <label htmlFor="caching-switch" className="text-sm font-semibold">
        Caching {data ? (enabled ? "enabled" : "disabled") : ""}
      </label>
      <Switch.Root
        id="caching-switch"
        checked={enabled}
        disabled={!data || pending}
        onCheckedChange={(checked) => void toggleCaching(checked)}
        className="relative h-6 w-11 rounded-full bg-cream-300 transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-oxblood-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
