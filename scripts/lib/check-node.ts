/** Exits with a fix-it message when the running Node is older than the project needs. */
export function checkNode(): void {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(
      `Node ${process.versions.node} is too old (need >= 22.12). Run through npm (\`npm start\`, \`npm test\`) so the project's pinned Node 24 in node_modules/.bin is used, or run \`npm install\` first.`,
    );
    process.exit(1);
  }
}
