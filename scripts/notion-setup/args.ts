import { SetupError } from "./errors.ts";
import type { SetupOptions } from "./run-setup.ts";

/** How `npm run notion:setup` is called. */
export const SETUP_USAGE = `Usage: npm run notion:setup -- --parent <page id or page URL> [--demo]

Creates, under a Notion page shared with your integration, every database the site reads (or completes the ones
already there), then with --demo fills them with the demo catalogue. Run again at any time: it creates nothing twice.
The page's link is in Notion under ••• → Copy link; share the page with the integration under ••• → Connections.`;

/** The options of `notion:setup` from its arguments (`--parent X` or `--parent=X`, `--demo`); `null` for --help. */
export function parseSetupArgs(argv: string[]): SetupOptions | null {
  let parent: string | undefined;
  let demo = false;
  const args = argv[Symbol.iterator]();
  for (const arg of args) {
    if (arg === "--help" || arg === "-h") return null;
    else if (arg === "--demo") demo = true;
    else if (arg === "--parent") parent = args.next().value;
    else if (arg.startsWith("--parent=")) parent = arg.slice("--parent=".length);
    else throw new SetupError(`Unknown argument ${arg}.\n\n${SETUP_USAGE}`);
  }
  if (!parent?.trim()) throw new SetupError(`Which page should the databases go under? Give --parent.\n\n${SETUP_USAGE}`);
  return { parent: parent.trim(), demo };
}
