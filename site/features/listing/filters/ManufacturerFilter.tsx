import { Checkbox } from "radix-ui";
import { toggleManufacturer } from "../filters-store";

/** Props of ManufacturerFilter: the choices and the selected names. */
type Props = { manufacturers: string[]; selected: string[] };

/** Manufacturer checkboxes ('No manufacturers available' when there are none). */
export default function ManufacturerFilter({ manufacturers, selected }: Props) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-walnut">Manufacturer</legend>
      {manufacturers.length === 0 ? (
        <p className="text-sm text-walnut italic">No manufacturers available</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          {manufacturers.map((name) => {
            const id = `manufacturer-${name.replace(/\W+/g, "-")}`;
            return (
              <div key={name} className="flex items-center gap-2">
                <Checkbox.Root
                  id={id}
                  checked={selected.includes(name)}
                  onCheckedChange={() => toggleManufacturer(name)}
                  className="flex size-5 items-center justify-center rounded border border-brass-600 bg-cream-50 data-[state=checked]:bg-oxblood-700"
                >
                  <Checkbox.Indicator className="text-cream-50">✓</Checkbox.Indicator>
                </Checkbox.Root>
                <label htmlFor={id} className="text-sm">
                  {name}
                </label>
              </div>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
