/** A failure the operator can fix: its message says how (the CLI prints it and exits 1; the admin panel shows it). */
export class SetupError extends Error {}
