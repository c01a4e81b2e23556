import { CACHE_KEY_PATTERNS, CACHE_TTL_SECONDS } from "#contract/cache";

const TYPE_NAMES: Record<keyof typeof CACHE_KEY_PATTERNS, string> = {
  content: "Content",
  section: "Section",
  databases: "Databases",
  items: "Items (slots and other categories)",
  featured: "Featured (for sale)",
  images: "Images",
  search: "Search",
};

/** Documents the server cache types, their KV key patterns and the 6-hour lifetime. */
export default function CacheTypesDoc() {
  const hours = CACHE_TTL_SECONDS / 3600;
  return (
    <section className="card p-5" aria-labelledby="cache-types-heading" data-testid="cache-types">
      <h2 id="cache-types-heading" className="mb-2 text-xl font-bold text-oxblood-800">
        Cache types
      </h2>
      <p className="mb-3 text-sm text-walnut">
        Every API answer is cached for {hours} hours ({CACHE_TTL_SECONDS.toLocaleString("en-US")} seconds). A sync clears the whole cache,
        and Clear All Caches does the same on demand.
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-cream-300">
              <th scope="col" className="py-2 pr-3">
                Type
              </th>
              <th scope="col" className="py-2 pr-3">
                Key pattern
              </th>
              <th scope="col" className="py-2 pr-3">
                Holds
              </th>
              <th scope="col" className="py-2">
                Lifetime
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(CACHE_KEY_PATTERNS).map(([type, info]) => (
              <tr key={type} className="border-b border-cream-200 align-top">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {TYPE_NAMES[type as keyof typeof CACHE_KEY_PATTERNS]}
                </th>
                <td className="py-2 pr-3">
                  <code className="rounded bg-cream-200 px-1 break-all">{info.pattern}</code>
                </td>
                <td className="py-2 pr-3">{info.holds}</td>
                <td className="py-2 whitespace-nowrap">{hours} h</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
