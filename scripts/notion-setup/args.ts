import type { CheckOptions } from "#workspace/setup/run-check";
import type { SetupOptions } from "#workspace/setup/run-setup";
import { SetupError } from "#workspace/setup/setup-error";

/** How `npm run notion:setup` is called. */
export const SETUP_USAGE = `Usage: npm run notion:setup -- --parent <page id or page URL> [--demo]

Creates, under a Notion page shared with your integration, every database the site reads (or completes the ones
already there), then with --demo fills them with the demo catalogue. Run again at any time: it creates nothing twice.
The page's link is in Notion under ••• → Copy link; share the page with the integration under ••• → Connections.`;

/** How `npm run notion:check` is called. */
export const CHECK_USAGE = `Usage: npm run notion:check [-- --parent <page id or page URL>]

Finds the databases the site reads, as the sync finds them (under the catalogue's page first, then by Notion's search),
prints how each was found and one line per problem the sync would meet, with its fix; exits 0 when there is none.
Give --parent, the page notion:setup worked under, to find them without Notion's search (which may miss new databases).`;

/** `--parent X` / `--parent=X`, any `flags` given and `--help` (null) from arguments; anything else is refused with `usage`. */
function parseArgs(argv: string[], flags: readonly string[], usage: string): { parent?: string; flags: Set<string> } | null {
  let parent: string | undefined;
  const given = new Set<string>();
  const args = argv[Symbol.iterator]();
  for (const arg of args) {
    if (arg === "--help" || arg === "-h") return null;
    else if (flags.includes(arg)) given.add(arg);
    else if (arg === "--parent") parent = args.next().value;
    else if (arg.startsWith("--parent=")) parent = arg.slice("--parent=".length);
    else throw new SetupError(`Unknown argument ${arg}.\n\n${usage}`);
  }
  if (parent !== undefined && !parent.trim()) throw new SetupError(`--parent needs a page id or page URL.\n\n${usage}`);
  return { parent: parent?.trim(), flags: given };
}

/** The options of `notion:setup` from its arguments (`--parent X` or `--parent=X`, `--demo`); `null` for --help. */
export function parseSetupArgs(argv: string[]): SetupOptions | null {
  const parsed = parseArgs(argv, ["--demo"], SETUP_USAGE);
  if (!parsed) return null;
  if (!parsed.parent) throw new SetupError(`Which page should the databases go under? Give --parent.\n\n${SETUP_USAGE}`);
  return { parent: parsed.parent, demo: parsed.flags.has("--demo") };
}

/** The options of `notion:check` from its arguments (`--parent X` or `--parent=X`); `null` for --help. */
export function parseCheckArgs(argv: string[]): CheckOptions | null {
  const parsed = parseArgs(argv, [], CHECK_USAGE);
  return parsed && (parsed.parent ? { parent: parsed.parent } : {});
}
