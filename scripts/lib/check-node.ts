/** The oldest Node the scripts run on: the first 22.x that strips TypeScript types by default (`node scripts/*.ts`). */
export const MIN_NODE = [22, 18] as const;

/** Why Node `version` (as process.versions.node gives it) cannot run the scripts, or null. */
export function nodeProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const [needMajor, needMinor] = MIN_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Node ${version} is too old (need ${needMajor}.${needMinor} or later, which runs TypeScript files as they are). Run through npm (\`npm start\`, \`npm test\`) so the project's pinned Node in node_modules/.bin is used, or install a newer Node.`;
}

/** Exits with a fix-it message when the running Node is older than the project needs. */
export function checkNode(): void {
  const problem = nodeProblem(process.versions.node);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
