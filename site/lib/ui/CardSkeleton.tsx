/** A placeholder card shown while a listing page loads. */
export default function CardSkeleton() {
  return (
    <div className="card overflow-hidden" aria-hidden="true" data-testid="card-skeleton">
      <div className="skeleton aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-4">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-4 w-1/3" />
        <div className="skeleton h-16 w-full" />
        <div className="skeleton h-9 w-32" />
      </div>
    </div>
  );
}
