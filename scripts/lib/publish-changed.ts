import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";

/** What a publish did: files copied (new or changed content), files left as they were, files removed (gone from the build). */
export type PublishCount = { copied: number; unchanged: number; removed: number };

function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/** Slack for a copy's file time against its source's (utimes goes through a float of seconds). */
const TIME_SLACK_MS = 1;

function sameContent(a: string, b: string): boolean {
  const [sa, sb] = [statSync(a, { throwIfNoEntry: false }), statSync(b, { throwIfNoEntry: false })];
  if (!sa?.isFile() || !sb?.isFile() || sa.size !== sb.size) return false;
  // A copy keeps its source's file time: the same size and time is the file published last time, so it is not read again.
  if (Math.abs(sa.mtimeMs - sb.mtimeMs) < TIME_SLACK_MS) return true;
  return sha256(a) === sha256(b);
}

/**
 * Makes `target` hold exactly what `source` holds, copying only files whose content differs and removing files the new
 * build no longer has, so a rebuild after one edit touches a handful of files rather than the whole site. A copy takes
 * its source's file time; a file of the same size and time as its copy counts as unchanged without being read (a build
 * folder kept between builds leaves its unchanged pages untouched), any other is compared by SHA-256.
 */
export function publishChanged(source: string, target: string): PublishCount {
  const count: PublishCount = { copied: 0, unchanged: 0, removed: 0 };
  count.removed = removeStale(target, source);
  const files = readdirSync(source, { recursive: true, encoding: "utf8" }).filter((name) => statSync(join(source, name)).isFile());
  for (const name of files) {
    const [from, to] = [join(source, name), join(target, name)];
    if (sameContent(from, to)) {
      count.unchanged++;
      continue;
    }
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
    const { atime, mtime } = statSync(from);
    utimesSync(to, atime, mtime);
    count.copied++;
  }
  return count;
}

/** Removes what `target` has and `source` lacks (a file where the build now has a folder, or the reverse, included). */
function removeStale(target: string, source: string): number {
  let removed = 0;
  if (!statSync(target, { throwIfNoEntry: false })?.isDirectory()) return 0;
  for (const entry of readdirSync(target)) {
    const path = join(target, entry);
    const counterpart = join(source, entry);
    const there = statSync(counterpart, { throwIfNoEntry: false });
    const here = statSync(path);
    if (!there || there.isDirectory() !== here.isDirectory()) {
      removed += here.isDirectory()
        ? readdirSync(path, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
        : 1;
      rmSync(path, { recursive: true, force: true });
    } else if (here.isDirectory()) removed += removeStale(path, counterpart);
  }
  return removed;
}
