/** Placeholders in the shape of an item detail page, shown while the item loads. */
export default function ItemDetailSkeleton() {
  return (
    <div aria-busy="true" data-testid="item-loading">
      <span className="sr-only" role="status">
        Loading item…
      </span>
      <div className="skeleton mb-4 h-4 w-64 max-w-full" />
      <div className="skeleton mb-4 h-9 w-24" />
      <div className="mb-6 space-y-2">
        <div className="skeleton h-10 w-3/4" />
        <div className="skeleton h-5 w-48" />
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="card space-y-4 p-2 sm:p-3">
          <div className="skeleton aspect-[4/3] max-h-[500px] w-full" />
          <div className="flex justify-center gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="skeleton size-20" />
            ))}
          </div>
        </div>
        <div className="card space-y-3 p-5">
          <div className="skeleton h-6 w-1/2" />
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="skeleton h-4 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}
