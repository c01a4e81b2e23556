type Props = {
  /** What could not be loaded, as the sentence names it ("the sync status"). */
  what: string;
  /** The failure's message; nothing is shown without one. */
  error: string | null | undefined;
};

/** An admin card's alert that its data could not be loaded: "Could not load {what}: {error}". */
export default function LoadError({ what, error }: Props) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-oxblood-700">
      Could not load {what}: {error}
    </p>
  );
}
