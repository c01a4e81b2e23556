import { iconPath } from "../icons";

/** Props of Icon: icon type, classes, optional accessible label, filled style. */
type Props = { type: string; className?: string; label?: string; filled?: boolean };

/** An inline stroked SVG icon for islands; decorative unless labelled. */
export default function Icon({ type, className = "size-5", label, filled = false }: Props) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
    >
      <path d={iconPath(type)} />
    </svg>
  );
}
