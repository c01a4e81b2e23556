import type { ChangeEvent } from "react";

/** Props of HoneypotField: its value and change handler (a controlled input), none when rendered for a plain form. */
type Props = { value?: string; onChange?: (event: ChangeEvent<HTMLInputElement>) => void };

/**
 * The `website` field people never see (moved off screen, hidden from assistive technology, out of the tab order,
 * never autofilled) and bots fill in: the worker then answers as if it had stored the enquiry.
 */
export default function HoneypotField({ value, onChange }: Props) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden" data-testid="honeypot">
      <label>
        Website
        <input name="website" type="text" tabIndex={-1} autoComplete="off" {...(onChange ? { value, onChange } : {})} />
      </label>
    </div>
  );
}
