import type { ReactNode } from "react";
import Icon from "../../../lib/ui/Icon";

type Props = {
  /** The step's name, for tests (`data-step`). */
  name: string;
  /** Its number on the card, from 1. */
  number: number;
  title: string;
  done: boolean;
  /** One line: what is done, or what the step asks for. */
  summary: ReactNode;
  /** Whether its content shows; `onToggle` opens or closes it. */
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
};

/** One step of the first-run card: its number, title and Done / Not done, a line saying where it stands, and its content when open. */
export default function FirstRunStep({ name, number, title, done, summary, open, onToggle, children }: Props) {
  const contentId = `first-run-${name}`;
  return (
    <li
      className="grid gap-2 rounded-md border border-cream-300 bg-white/70 p-3"
      data-testid="first-run-step"
      data-step={name}
      data-done={done}
    >
      <h3 className="text-base font-bold">
        <button
          type="button"
          className="flex w-full items-center gap-2 text-left"
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          onClick={onToggle}
        >
          <Icon type={done ? "done" : "to-do"} className={`size-5 shrink-0 ${done ? "text-green-800" : "text-brass-600"}`} />
          <span className="flex-1">
            {number}. {title}
          </span>
          <span className={`text-sm ${done ? "text-green-800" : "text-oxblood-700"}`} data-testid="first-run-step-state">
            {done ? "Done" : "Not done"}
          </span>
        </button>
      </h3>
      <p className="text-sm text-walnut" data-testid="first-run-step-summary">
        {summary}
      </p>
      {open && (
        <div id={contentId} className="grid gap-3 text-sm">
          {children}
        </div>
      )}
    </li>
  );
}
