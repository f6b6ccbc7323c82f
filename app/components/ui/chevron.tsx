/** A downward chevron that turns up when what it opens is open. */
export function Chevron({ open, className = "size-4" }: { open: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`${className} transition-transform ${open ? "rotate-180" : ""}`}
      fill="currentColor"
      aria-hidden
    >
      <path d="M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z" />
    </svg>
  );
}
