import type { Features } from "#contract/site-settings";
import { TURNSTILE_SITE_KEY } from "../../enquiry/enquiry-links";
import { optionalParts, type OptionalPart } from "./optional-parts";

const STATE = {
  on: { label: "On", className: "text-green-800" },
  off: { label: "Off", className: "text-oxblood-700" },
  half: { label: "Half set up", className: "text-oxblood-700" },
} as const;

function Part({ part }: { part: OptionalPart }) {
  const state = STATE[part.state];
  return (
    <li
      className={`grid gap-1 rounded-md border p-3 text-sm ${part.state === "on" ? "border-cream-300 bg-white/70" : "border-brass-500 bg-brass-300/40"}`}
      data-testid={`optional-${part.id}`}
      data-state={part.state}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">{part.name}</span>
        <span className={`font-bold ${state.className}`}>{state.label}</span>
      </p>
      <p>{part.says}</p>
      {part.steps.length > 0 && (
        <>
          <p className="font-semibold">To turn it on:</p>
          <ol className="grid list-decimal gap-1 pl-5 break-words">
            {part.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      )}
    </li>
  );
}

/** What is switched off (enquiry email, Turnstile), what that means, and how to turn each on (docs/deploy.md has the same steps). */
export default function OptionalPartsCard({ features }: { features: Features }) {
  const parts = optionalParts(features, Boolean(TURNSTILE_SITE_KEY));
  const off = parts.filter((p) => p.state !== "on").length;
  return (
    <section className="card grid gap-3 p-5" aria-labelledby="optional-heading" data-testid="optional-parts">
      <div className="grid gap-1">
        <h2 id="optional-heading" className="text-xl font-bold text-oxblood-800">
          Optional parts
        </h2>
        <p className="text-sm text-walnut">
          {off === 0
            ? "Everything optional is switched on."
            : `${off} of ${parts.length} switched off or half set up: the site works without them.`}
        </p>
      </div>
      <ul className="grid gap-2">
        {parts.map((part) => (
          <Part key={part.id} part={part} />
        ))}
      </ul>
    </section>
  );
}
