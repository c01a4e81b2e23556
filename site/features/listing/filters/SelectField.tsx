import { Select } from "radix-ui";
import Icon from "../../../lib/ui/Icon";

/** Props of SelectField: label, value, options and the change action. */
type Props = {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testid: string;
};

/** A labelled Radix select in the site's style. */
export default function SelectField({ label, value, options, onChange, testid }: Props) {
  return (
    <label className="block">
      <span className="mb-1 block text-sm font-semibold text-walnut">{label}</span>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger
          aria-label={label}
          className="flex w-full items-center justify-between rounded-md border border-brass-600 bg-cream-50 px-3 py-2 text-sm"
          data-testid={testid}
        >
          <Select.Value />
          <Icon type="chevron-right" className="size-4 rotate-90" />
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" className="z-50 rounded-md border border-brass-600 bg-cream-50 shadow-lg">
            <Select.Viewport className="p-1">
              {options.map((o) => (
                <Select.Item
                  key={o.value}
                  value={o.value}
                  className="cursor-pointer rounded px-3 py-1.5 text-sm outline-none data-[highlighted]:bg-cream-200"
                >
                  <Select.ItemText>{o.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </label>
  );
}
