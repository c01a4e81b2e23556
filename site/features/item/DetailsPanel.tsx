import { Fragment } from "react";
import type { DetailSection } from "./item-fields";

/** Props of DetailsPanel: the sections with their label/value rows. */
type Props = { sections: DetailSection[] };

/** The details panel: one definition list per section. */
export default function DetailsPanel({ sections }: Props) {
  return (
    <aside className="card p-5" aria-label="Item details" data-testid="details-panel">
      {sections.map((section) => (
        <section key={section.title} className="mb-4 last:mb-0">
          <h2 className="mb-2 border-b border-cream-300 pb-1 text-lg font-bold text-oxblood-800">{section.title}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {section.rows.map((row) => (
              <Fragment key={row.label}>
                <dt className="font-semibold text-walnut">{row.label}</dt>
                <dd className="text-ink">{row.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </aside>
  );
}
