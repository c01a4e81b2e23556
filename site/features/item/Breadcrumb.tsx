import { itemCrumbs, type SourcePage } from "./item-route";

/** Props of Breadcrumb: the section, category and item title. */
type Props = { sourcePage: SourcePage; category: string; title: string };

/** Breadcrumb: Home > Gallery or For Sale > category name > item title. */
export default function Breadcrumb({ sourcePage, category, title }: Props) {
  const crumbs = itemCrumbs(sourcePage, category);
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm" data-testid="breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-walnut">
        {crumbs.map((c) => (
          <li key={c.href} className="flex items-center gap-1">
            <a href={c.href} className="text-oxblood-700 hover:underline">
              {c.label}
            </a>
            <span aria-hidden="true" className="text-brass-600">
              ›
            </span>
          </li>
        ))}
        <li aria-current="page" className="font-medium text-ink">
          {title}
        </li>
      </ol>
    </nav>
  );
}
