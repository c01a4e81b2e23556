import type { ReactNode } from "react";

/** Props of FormField: the control's id, its label, an optional hint and error, and the control itself (given the ids that describe it). */
type Props = { id: string; label: string; hint?: string; error?: string; children: (described: string | undefined) => ReactNode };

/** One labelled field with its error tied to it (aria-describedby), and a hint where there is one. */
export default function FormField(props: Props) {
  const described = [props.hint && `${props.id}-hint`, props.error && `${props.id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="text-sm font-semibold text-walnut">
        {props.label}
      </label>
      {props.children(described)}
      {props.hint && (
        <p id={`${props.id}-hint`} className="text-xs text-walnut">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} className="text-sm font-semibold text-oxblood-700" data-testid={`${props.id.split("-").at(-1)}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
