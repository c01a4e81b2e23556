import { PAGE_HEADER_ICON_TYPES } from "#contract/notion-layout";
import Icon from "../../../lib/ui/Icon";

/** Page Headers: how page titles and icon types are edited in Notion. */
export default function PageHeadersTab() {
  return (
    <section className="card grid grid-cols-1 gap-3 p-5" aria-labelledby="page-headers-heading" data-testid="page-headers-help">
      <h2 id="page-headers-heading" className="text-xl font-bold text-oxblood-800">
        Page headers
      </h2>
      <p>
        Each page’s heading comes from the <strong>Page Headers</strong> database in Notion. Add or edit one row per page:
      </p>
      <ul className="list-disc pl-6">
        <li>
          <strong>Page Id</strong>: the page it belongs to (home, for-sale, gallery, literature, services, news, miscellaneous or admin).
        </li>
        <li>
          <strong>Title</strong>: the heading text shown on that page.
        </li>
        <li>
          <strong>Icon Type</strong>: the icon shown next to the heading, one of the types below.
        </li>
      </ul>
      <p>Pages without a row keep their built-in title and icon.</p>
      <h3 className="text-lg font-semibold text-oxblood-800">Icon types</h3>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4" aria-label="Icon types">
        {PAGE_HEADER_ICON_TYPES.map((type) => (
          <li key={type} className="flex items-center gap-2 rounded border border-cream-300 bg-white/70 px-2 py-1">
            <Icon type={type} className="size-5 text-oxblood-700" />
            <code>{type}</code>
          </li>
        ))}
      </ul>
      <p className="text-sm text-walnut">
        After editing, run a sync of the Page Headers table in the Notion Sync tab; the site is rebuilt automatically afterwards.
      </p>
    </section>
  );
}
