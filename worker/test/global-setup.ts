import type { TestProject } from "vitest/node";
import { PUBLISHED_PROPERTY } from "#contract/notion-layout";
import { loadDemoWorkspace } from "#workspace/demo/load";
import { DEMO_IMAGES_DIR } from "../../scripts/lib/demo-workspace.ts";
import { propertyZooDatabase } from "../../scripts/notion-server/property-zoo.ts";
import { startNotionServer } from "../../scripts/notion-server/server.ts";
import type { DatabaseSpec } from "../../scripts/notion-server/workspace.ts";
import { NOTION_TEST_TOKEN } from "./notion-test-server.ts";

/** Facts about the demo workspace the sync tests compare against (read from the workspace, not typed in). */
export type DemoFacts = {
  /** The pages of each database the site shows, and so the rows its table gets: drafts (Published unticked) left out. */
  pages: Record<string, number>;
  properties: Record<string, string[]>;
  richProperties: Record<string, string[]>;
  zoo: DatabaseSpec;
};

declare module "vitest" {
  export interface ProvidedContext {
    /** Page counts (drafts left out), property names and title/rich_text property names per database title of the demo workspace, and the every-property-type database. */
    notionDemo: DemoFacts;
  }
}

/**
 * Global setup for the workerd test pool: starts the local Notion server (demo workspace) on the port
 * vitest.worker.config.ts chose and bound as NOTION_API_URL / NOTION_TEST_URL.
 */
export default async function setup(project: TestProject) {
  const port = Number(process.env.NOTION_TEST_PORT);
  if (!port) throw new Error("NOTION_TEST_PORT is not set: vitest.worker.config.ts chooses it");
  const workspace = loadDemoWorkspace();
  const server = await startNotionServer({ port, token: NOTION_TEST_TOKEN, workspace, imagesDir: DEMO_IMAGES_DIR });
  const { databases } = workspace;
  project.provide("notionDemo", {
    pages: Object.fromEntries(databases.map((d) => [d.title, d.pages.filter((p) => p.properties[PUBLISHED_PROPERTY] !== false).length])),
    properties: Object.fromEntries(databases.map((d) => [d.title, Object.keys(d.properties)])),
    richProperties: Object.fromEntries(
      databases.map((d) => [
        d.title,
        Object.entries(d.properties)
          .filter(([, p]) => p.type === "title" || p.type === "rich_text")
          .map(([name]) => name),
      ]),
    ),
    zoo: propertyZooDatabase(),
  });
  return () => server.close();
}
